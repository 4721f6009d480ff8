# Breakpoints without a trace function (Python 3.8 to 3.11). A global trace function costs every call
# of the program (2-3.5x on small calls), so a file that holds breakpoints is compiled here with a call
# of the hook inserted before the statement that starts on each breakpoint line: `__bpdiff_bp__(site)`.
# The inserted call carries that line's number and every original node keeps its own, so tracebacks,
# frames and f_lineno read as without bpdiff. Where the interpreter's line events visit a line more
# than once, the hook is called there too: a loop's line at the end of its body and before each
# `continue` (each new iteration), a `with` line at the end of its body (its exit, from 3.10 on).
# Modules are compiled so by an import hook placed first on sys.meta_path (never written to
# __pycache__); the main script by the runner (runmain.py). Code compiled another way (a module
# imported before bpdiff took over, pytest's assertion rewriting) falls back to a trace function.
import ast
import importlib.machinery
import importlib.util
import os
import sys

HOOK_NAME = "__bpdiff_bp__"
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_WITH = (ast.With, ast.AsyncWith) if sys.version_info >= (3, 10) else ()
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


class Sites(object):
    """Numbers for (file, line) pairs: the argument of each inserted call."""

    def __init__(self):
        self.places = []
        self._numbers = {}

    def number(self, key, line):
        place = (key, line)
        number = self._numbers.get(place)
        if number is None:
            number = self._numbers[place] = len(self.places)
            self.places.append(place)
        return number


def _hook_call(site, line, column):
    call = ast.Expr(ast.Call(func=ast.Name(id=HOOK_NAME, ctx=ast.Load()), args=[ast.Constant(value=site)], keywords=[]))
    for node in ast.walk(call):
        node.lineno = node.end_lineno = line
        node.col_offset = node.end_col_offset = column
    return call


def _is_prefix(node, index):
    """A statement that must stay first: the docstring, `from __future__ import`."""
    if isinstance(node, ast.ImportFrom) and node.module == "__future__":
        return True
    return index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


class _Inserter(object):
    def __init__(self, key, lines, sites):
        self.key = key
        self.lines = set(lines)
        self.sites = sites
        self.done = set()

    def call(self, line, column):
        return _hook_call(self.sites.number(self.key, line), line, column)

    def body(self, statements):
        result = []
        prefix_end = 0
        for index, node in enumerate(statements):
            if _is_prefix(node, index) and prefix_end == index:
                prefix_end = index + 1
        pending = []
        for index, node in enumerate(statements):
            self.visit(node)
            line = node.lineno
            hit = line in self.lines and line not in self.done
            if hit:
                self.done.add(line)
                call = self.call(line, node.col_offset)
                if index < prefix_end:
                    pending.append(call)
                else:
                    result.append(call)
            result.append(node)
            if index + 1 == prefix_end and pending:
                result.extend(pending)
                pending = []
        return result

    def visit(self, node):
        line = getattr(node, "lineno", None)
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt):
                setattr(node, field, self.body(statements))
        for handler in getattr(node, "handlers", None) or ():
            handler.body = self.body(handler.body)
        for case in getattr(node, "cases", None) or ():
            case.body = self.body(case.body)
        if line in self.lines and isinstance(node, _LOOPS):
            node.body = _before_continue(node.body, lambda: self.call(line, node.col_offset))
            node.body.append(self.call(line, node.col_offset))
        elif line in self.lines and _WITH and isinstance(node, _WITH):
            node.body.append(self.call(line, node.col_offset))


def _before_continue(statements, make):
    """The loop's own `continue`s (not a nested loop's or function's), each preceded by a call."""
    result = []
    for node in statements:
        if isinstance(node, ast.Continue):
            result.append(make())
        elif not isinstance(node, _LOOPS + _SCOPES):
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(node, field, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    setattr(node, field, _before_continue(inner, make))
            for handler in getattr(node, "handlers", None) or ():
                handler.body = _before_continue(handler.body, make)
            for case in getattr(node, "cases", None) or ():
                case.body = _before_continue(case.body, make)
        elif isinstance(node, _LOOPS):
            # A nested loop's `else:` still belongs to this loop.
            node.orelse = _before_continue(node.orelse, make) if node.orelse else node.orelse
        result.append(node)
    return result


def compile_with_hooks(source, path, key, lines, sites):
    """The module's code with a hook call at each of `lines` (already bound to statement starts)."""
    tree = ast.parse(source, path)
    inserter = _Inserter(key, lines, sites)
    tree.body = inserter.body(tree.body)
    return compile(tree, path, "exec", dont_inherit=True)


def read_source(path):
    with open(path, "rb") as handle:
        return importlib.util.decode_source(handle.read())


class HookedLoader(importlib.machinery.SourceFileLoader):
    """Loads a breakpoint file with hooks; its code is never cached (nor read from a cache)."""

    compiler = None

    def get_code(self, fullname):
        path = self.get_filename(fullname)
        return self.compiler(read_source(path), path)


class HookFinder(object):
    """First on sys.meta_path: modules whose file holds breakpoints load through HookedLoader."""

    def __init__(self, wanted, compile_file):
        # wanted(): the canonical paths of the breakpoint files; compile_file(source, path) -> code.
        self.wanted = wanted
        self.compile_file = compile_file

    def find_spec(self, fullname, path=None, target=None):
        files = self.wanted()
        if not files:
            return None
        leaf = fullname.rpartition(".")[2]
        if not any(_names_module(file, leaf) for file in files):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader) or not spec.origin:
            return None
        if os.path.realpath(spec.origin) not in files:
            return None
        loader = HookedLoader(fullname, spec.origin)
        loader.compiler = self.compile_file
        spec.loader = loader
        return spec

    def invalidate_caches(self):
        pass


def _names_module(file, leaf):
    base = os.path.basename(file)
    if base == "__init__.py":
        return os.path.basename(os.path.dirname(file)) == leaf
    return base[:-3] == leaf if base.endswith(".py") else False
