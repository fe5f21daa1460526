package ai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/rtgit/rtgit/steps/assist"
)

// Options wire a Client to one repository.
type Options struct {
	Config    Config
	Templates Templates
	Root      string // the worktree, for file excerpts and .git/info/exclude
	// Ignores is the tree the .gitignore files that keep files from the
	// model are read from; nil reads them from Root. The Action passes
	// the default branch's commit, as for every other policy.
	Ignores fs.FS
	GitDir  string // the git directory, for the response cache; "" disables it
	Warn    func(string)
	// HTTPClient replaces the default transport (tests).
	HTTPClient *http.Client
}

// Client is the model layer for one run: it holds the run's token budget
// and usage, so a new run starts with a fresh budget.
type Client struct {
	cfg     Config
	sdk     openai.Client
	prompts *prompts
	cache   cache
	guard   *guard
	warn    func(string)

	mu          sync.Mutex
	usage       assist.Usage
	spent       int64 // output tokens this run, from calls actually made
	budgetSaid  bool
	maxExcerpts int
	excerptSize int
}

// New builds a client. It fails only on configuration the user must fix:
// a broken template override, or a model without an endpoint.
func New(o Options) (*Client, error) {
	if !o.Config.Enabled() {
		return nil, errors.New("ai: no model configured")
	}
	if o.Config.BaseURL == "" {
		return nil, errors.New("ai: no base_url configured")
	}
	p, err := loadPrompts(o.Templates)
	if err != nil {
		return nil, err
	}
	warn := o.Warn
	if warn == nil {
		warn = func(string) {}
	}
	opts := []option.RequestOption{
		option.WithBaseURL(o.Config.BaseURL),
		option.WithMaxRetries(o.Config.MaxRetries),
		option.WithRequestTimeout(o.Config.Timeout),
	}
	// The key is passed explicitly (or dropped), so a stray OPENAI_API_KEY
	// is never sent to an endpoint it was not meant for.
	if o.Config.APIKey != "" {
		opts = append(opts, option.WithAPIKey(o.Config.APIKey))
	} else {
		opts = append(opts, option.WithAPIKey(""), option.WithHeaderDel("Authorization"))
	}
	if o.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(o.HTTPClient))
	}
	c := &Client{cfg: o.Config, sdk: openai.NewClient(opts...), prompts: p, guard: newGuard(o.Root, o.Ignores, o.Config.Deny),
		warn: warn, maxExcerpts: 5, excerptSize: 4 << 10}
	if o.GitDir != "" {
		c.cache = cache{dir: strings.TrimRight(o.GitDir, "/\\") + "/" + CacheDir}
	}
	c.usage.Model = o.Config.Model
	return c, nil
}

// Usage is what this run has spent on calls actually made (cache replays
// are free and not counted).
func (c *Client) Usage() assist.Usage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.usage
}

// Helpers returns the assist helpers backed by this client.
func (c *Client) Helpers() *assist.Set {
	return &assist.Set{Drafter: drafter{c}, Responder: responder{c}, Voice: voice{c}, Reviewer: reviewer{c},
		Summariser: summariser{c}, Usage: c.Usage, Withheld: c.withheld}
}

// complete sends one prompt, or replays its cached response.
func (c *Client) complete(ctx context.Context, system, user string) (assist.Text, error) {
	prompt := system + "\n\n---\n\n" + user
	k := key(c.cfg.BaseURL, c.cfg.Model, prompt)
	prov := assist.Provenance{Model: c.cfg.Model, Prompt: promptHash(prompt)}
	if e, ok := c.cache.get(k); ok {
		return assist.Text{Text: e.Text, Prov: prov}, nil
	}
	maxTokens, ok := c.reserve()
	if !ok {
		return assist.Text{}, assist.ErrDeclined
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout*time.Duration(c.cfg.MaxRetries+1))
	defer cancel()
	resp, err := c.sdk.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:     c.cfg.Model,
		Messages:  []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(system), openai.UserMessage(user)},
		MaxTokens: openai.Int(maxTokens),
	})
	if err != nil {
		return assist.Text{}, c.scrub(err)
	}
	c.account(resp.Usage)
	if len(resp.Choices) == 0 || strings.TrimSpace(resp.Choices[0].Message.Content) == "" {
		return assist.Text{}, errors.New("the reply held no text")
	}
	text := resp.Choices[0].Message.Content
	if err := c.cache.put(k, entry{Model: c.cfg.Model, Prompt: prov.Prompt, Text: text,
		InputTokens: resp.Usage.PromptTokens, OutputTokens: resp.Usage.CompletionTokens}); err != nil {
		c.warn(fmt.Sprintf("could not cache a model reply: %v", err))
	}
	return assist.Text{Text: text, Prov: prov}, nil
}

// reserve says how many tokens the next call may write, or false once the
// run's budget is spent (said once per run).
func (c *Client) reserve() (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	left := c.cfg.MaxOutputTokensPerRun - c.spent
	if left <= 0 {
		if !c.budgetSaid {
			c.budgetSaid = true
			c.warn(fmt.Sprintf("the model's output budget for this run (%d tokens, ai.max_output_tokens_per_run) is spent; carrying on without the model", c.cfg.MaxOutputTokensPerRun))
		}
		return 0, false
	}
	return min(left, c.cfg.MaxCallTokens), true
}

func (c *Client) account(u openai.CompletionUsage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.usage.Calls++
	c.usage.InputTokens += u.PromptTokens
	c.usage.OutputTokens += u.CompletionTokens
	c.spent += u.CompletionTokens
}

// scrub keeps the key out of an error message, whatever the transport
// put in it.
func (c *Client) scrub(err error) error {
	msg := err.Error()
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		msg = fmt.Sprintf("%s answered %d %s", c.cfg.BaseURL, apiErr.StatusCode, http.StatusText(apiErr.StatusCode))
	}
	if errors.Is(err, context.DeadlineExceeded) {
		msg = fmt.Sprintf("no reply from %s within %s", c.cfg.BaseURL, c.cfg.Timeout)
	}
	if c.cfg.APIKey != "" {
		msg = strings.ReplaceAll(msg, c.cfg.APIKey, "***")
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		msg = "the reply was cut short"
	}
	return errors.New(msg)
}
