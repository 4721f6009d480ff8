// bpdiff's plan of where a Go program counts the passes through a breakpoint's line itself (--hit N:
// adapters/go/pass-count.ts). dlv traps into itself at every pass it counts (about 0.2 ms each); a
// call put before the line's statement counts instead, and only from the Nth pass on does the line's
// first instruction run (see pass-count.ts). Built once into bpdiff's cache and run as
// `bpdiff_passplan LINE < FILE`; prints one JSON object: the byte offset of the statement that
// starts the line and the file's package clause, or why the line is none.
//
// A line qualifies when one statement of a block (a function body, a case) starts it, after blanks
// only, and ends on it: an assignment, a call, an increment, a return, a send or a declaration with
// values. dlv's breakpoint then stands at the statement's first instruction, which runs once a pass;
// a statement over several lines (whose later lines' code may run before the first line's), a
// function literal on the line (code of its own at the line), a loop's or a switch's header (the
// header runs again at each pass) do not.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"strconv"
	"strings"
)

type plan struct {
	Offset int `json:"offset,omitempty"`
	// Where the package clause's name ends: imports of the count's own go there, on the same line.
	Clause  int    `json:"clause,omitempty"`
	Package string `json:"package,omitempty"`
	Why     string `json:"why,omitempty"`
}

func main() {
	answer := planLine()
	out, _ := json.Marshal(answer)
	fmt.Println(string(out))
}

func planLine() plan {
	if len(os.Args) != 2 {
		return plan{Why: "usage: bpdiff_passplan LINE < FILE"}
	}
	line, err := strconv.Atoi(os.Args[1])
	if err != nil {
		return plan{Why: "not a line number: " + os.Args[1]}
	}
	source, err := io.ReadAll(os.Stdin)
	if err != nil {
		return plan{Why: err.Error()}
	}
	files := token.NewFileSet()
	file, err := parser.ParseFile(files, "source.go", source, parser.ParseComments)
	if err != nil {
		return plan{Why: "the file does not parse: " + err.Error()}
	}
	var found ast.Stmt
	ast.Inspect(file, func(node ast.Node) bool {
		if found != nil || node == nil {
			return false
		}
		var list []ast.Stmt
		switch block := node.(type) {
		case *ast.BlockStmt:
			list = block.List
		case *ast.CaseClause:
			list = block.Body
		case *ast.CommClause:
			list = block.Body
		}
		for _, statement := range list {
			if files.Position(statement.Pos()).Line == line {
				found = statement
				return false
			}
		}
		return true
	})
	if found == nil {
		return plan{Why: fmt.Sprintf("no statement of a block starts line %d", line)}
	}
	start := files.Position(found.Pos())
	if files.Position(found.End()).Line != line {
		return plan{Why: fmt.Sprintf("the statement on line %d goes on to line %d", line, files.Position(found.End()).Line)}
	}
	lineStart := start.Offset - (start.Column - 1)
	if strings.TrimSpace(string(source[lineStart:start.Offset])) != "" {
		return plan{Why: fmt.Sprintf("the statement on line %d does not start the line", line)}
	}
	switch statement := found.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.ReturnStmt, *ast.SendStmt:
	case *ast.DeclStmt:
		general, ok := statement.Decl.(*ast.GenDecl)
		if !ok || general.Tok != token.VAR {
			return plan{Why: fmt.Sprintf("line %d declares no variable", line)}
		}
		for _, spec := range general.Specs {
			if values, ok := spec.(*ast.ValueSpec); !ok || len(values.Values) == 0 {
				return plan{Why: fmt.Sprintf("line %d declares a variable without a value", line)}
			}
		}
	default:
		return plan{Why: fmt.Sprintf("line %d starts a %T", line, found)}
	}
	literal := false
	ast.Inspect(found, func(node ast.Node) bool {
		if _, ok := node.(*ast.FuncLit); ok {
			literal = true
		}
		return !literal
	})
	if literal {
		return plan{Why: fmt.Sprintf("line %d holds a function literal, whose code is at the line too", line)}
	}
	return plan{Offset: start.Offset, Clause: files.Position(file.Name.End()).Offset, Package: file.Name.Name}
}
