// Package ai is rtgit's optional model layer: the edge between the
// roundtable and any OpenAI-compatible chat-completions endpoint, reached
// through the official openai-go SDK.
//
// It implements the helpers of package steps/assist (drafter, responder,
// elaboration voice, reviewer, handoff summariser). It is off unless a
// model is configured (.rtgit/config.yaml `ai:` or RTGIT_AI_MODEL), and
// everything it does is bounded and replayable:
//
//   - every prompt is built from an embedded template a repository can
//     override under .rtgit/templates/ai/, and hashed;
//   - every response is cached under .git/rtgit/ai-cache/ by that hash,
//     so a re-run, a catch-up or a rebuild never calls (or bills) twice
//     and never changes a text already written;
//   - a per-run output-token budget stops calling when spent;
//   - timeouts and the SDK's retries with backoff on 429 and 5xx bound
//     each call, and any failure is returned for the roundtable to warn
//     about and carry on without;
//   - files that look like secrets, and files the repository ignores or
//     denies, are never read into a prompt;
//   - the API key is never printed.
package ai
