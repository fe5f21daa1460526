package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
)

// evalIf decides a workflow or action `if:` as the Actions runner does:
// the condition, with or without ${{ }}, evaluated against ctx (github,
// steps, inputs, …) and taken for its truthiness. actionlint parses it;
// evalExpr gives the nodes GitHub's semantics. A job's or step's status
// functions are taken as a run in which every earlier step succeeded.
func evalIf(cond string, ctx map[string]any) (bool, error) {
	src := strings.TrimSpace(cond)
	if s, ok := strings.CutPrefix(src, "${{"); ok {
		if s, ok = strings.CutSuffix(s, "}}"); ok {
			src = s
		}
	}
	v, err := evalValue(src, ctx)
	if err != nil {
		return false, fmt.Errorf("if: %s: %w", cond, err)
	}
	return truthy(v), nil
}

// evalValue is the value of one expression, the text between ${{ and }}.
func evalValue(src string, ctx map[string]any) (any, error) {
	node, perr := actionlint.NewExprParser().Parse(actionlint.NewExprLexer(src + "}}"))
	if perr != nil {
		return nil, fmt.Errorf("%s", perr.Message)
	}
	return evalExpr(node, ctx)
}

// evalExpr evaluates one node. Values are JSON's: nil, bool, float64,
// string, map[string]any and []any.
func evalExpr(n actionlint.ExprNode, ctx map[string]any) (any, error) {
	switch n := n.(type) {
	case *actionlint.NullNode:
		return nil, nil
	case *actionlint.BoolNode:
		return n.Value, nil
	case *actionlint.IntNode:
		return float64(n.Value), nil
	case *actionlint.FloatNode:
		return n.Value, nil
	case *actionlint.StringNode:
		return n.Value, nil
	case *actionlint.VariableNode:
		return property(ctx, n.Name), nil
	case *actionlint.ObjectDerefNode:
		recv, err := evalExpr(n.Receiver, ctx)
		if err != nil {
			return nil, err
		}
		return property(recv, n.Property), nil
	case *actionlint.IndexAccessNode:
		recv, err := evalExpr(n.Operand, ctx)
		if err != nil {
			return nil, err
		}
		idx, err := evalExpr(n.Index, ctx)
		if err != nil {
			return nil, err
		}
		switch i := idx.(type) {
		case string:
			return property(recv, i), nil
		case float64:
			if a, ok := recv.([]any); ok && i >= 0 && int(i) < len(a) {
				return a[int(i)], nil
			}
		}
		return nil, nil
	case *actionlint.NotOpNode:
		v, err := evalExpr(n.Operand, ctx)
		return !truthy(v), err
	case *actionlint.LogicalOpNode:
		// Both operators yield an operand, not a boolean: a || b is a
		// when a is truthy, else b.
		l, err := evalExpr(n.Left, ctx)
		if err != nil {
			return nil, err
		}
		if truthy(l) == (n.Kind == actionlint.LogicalOpNodeKindOr) {
			return l, nil
		}
		return evalExpr(n.Right, ctx)
	case *actionlint.CompareOpNode:
		l, err := evalExpr(n.Left, ctx)
		if err != nil {
			return nil, err
		}
		r, err := evalExpr(n.Right, ctx)
		if err != nil {
			return nil, err
		}
		return compare(n.Kind, l, r), nil
	case *actionlint.FuncCallNode:
		return call(n, ctx)
	}
	return nil, fmt.Errorf("unsupported expression %T", n)
}

func call(n *actionlint.FuncCallNode, ctx map[string]any) (any, error) {
	var args []any
	for _, a := range n.Args {
		v, err := evalExpr(a, ctx)
		if err != nil {
			return nil, err
		}
		args = append(args, v)
	}
	name := strings.ToLower(n.Callee)
	switch name {
	case "fromjson":
		if len(args) != 1 {
			return nil, fmt.Errorf("%s takes 1 argument", n.Callee)
		}
		var v any
		if err := json.Unmarshal([]byte(text(args[0])), &v); err != nil {
			return nil, fmt.Errorf("%s: %w", n.Callee, err)
		}
		return v, nil
	case "success", "always":
		return true, nil
	case "failure", "cancelled":
		return false, nil
	case "startswith", "endswith", "contains":
		if len(args) != 2 {
			return nil, fmt.Errorf("%s takes 2 arguments", n.Callee)
		}
		if a, ok := args[0].([]any); ok && name == "contains" {
			for _, x := range a {
				if compare(actionlint.CompareOpNodeKindEq, x, args[1]).(bool) {
					return true, nil
				}
			}
			return false, nil
		}
		s, sub := strings.ToLower(text(args[0])), strings.ToLower(text(args[1]))
		switch name {
		case "startswith":
			return strings.HasPrefix(s, sub), nil
		case "endswith":
			return strings.HasSuffix(s, sub), nil
		}
		return strings.Contains(s, sub), nil
	}
	return nil, fmt.Errorf("unsupported function %s", n.Callee)
}

// property looks a name up in an object; contexts and their properties
// are case-insensitive, and a missing one is null.
func property(v any, name string) any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if x, ok := m[name]; ok {
		return x
	}
	for k, x := range m {
		if strings.EqualFold(k, name) {
			return x
		}
	}
	return nil
}

func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	}
	return true
}

// compare is GitHub's loose comparison: strings compare ignoring case,
// values of different types compare as numbers (null 0, booleans 0 and 1,
// strings parsed, NaN when they are no number), and objects only equal
// themselves, which an expression never holds twice.
func compare(kind actionlint.CompareOpNodeKind, l, r any) any {
	ls, lok := l.(string)
	rs, rok := r.(string)
	if lok && rok {
		c := strings.Compare(strings.ToLower(ls), strings.ToLower(rs))
		return order(kind, float64(c), 0)
	}
	return order(kind, number(l), number(r))
}

func order(kind actionlint.CompareOpNodeKind, a, b float64) bool {
	switch kind {
	case actionlint.CompareOpNodeKindEq:
		return a == b
	case actionlint.CompareOpNodeKindNotEq:
		return a != b // true when either is NaN, as in GitHub
	case actionlint.CompareOpNodeKindLess:
		return a < b
	case actionlint.CompareOpNodeKindLessEq:
		return a <= b
	case actionlint.CompareOpNodeKindGreater:
		return a > b
	case actionlint.CompareOpNodeKindGreaterEq:
		return a >= b
	}
	return false
}

func number(v any) float64 {
	switch v := v.(type) {
	case nil:
		return 0
	case bool:
		if v {
			return 1
		}
		return 0
	case float64:
		return v
	case string:
		s := strings.TrimSpace(v)
		if s == "" {
			return 0
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f
		}
		if i, err := strconv.ParseInt(s, 0, 64); err == nil {
			return float64(i)
		}
	}
	return math.NaN()
}

// text is a value as a string, as the string functions see it.
func text(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return "Object"
}
