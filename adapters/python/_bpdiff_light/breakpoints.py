# Source breakpoints: which line each binds to, and whether a hit stops (condition, hit condition).
# A line binds to the first statement that starts on it or after it (a blank line, a comment, an
# `else:` or the inside of a multi-line expression binds forward; the breakpoint's `line` says where).
# Statements that run no code never bind: `global`/`nonlocal`, a function's docstring.
import ast
import bisect
import os
import threading
import tokenize

# The DAP hitCondition forms debugpy understands, as an expression on the hit count.
def hit_expression(hit_condition):
    if not hit_condition:
        return None
    text = hit_condition.strip()
    try:
        int(text)
        return "@HIT@ == %s" % text
    except ValueError:
        pass
    if text.startswith("%"):
        return "@HIT@ %s == 0" % text
    if text.startswith(("==", ">", "<")):
        return "@HIT@ %s" % text
    return text


class Breakpoint(object):
    def __init__(self, ident, path, requested, line, condition, hit_condition):
        self.id = ident
        self.path = path
        self.requested = requested
        self.line = line
        self.condition = condition or None
        self.hit_expression = hit_expression(hit_condition)
        self.hits = 0
        self._code = None

    def describe(self):
        if self.line is None:
            return {"id": self.id, "verified": False, "line": self.requested, "message": "no statement starts on line %d or after it in %s" % (self.requested, self.path)}
        return {"id": self.id, "verified": True, "line": self.line, "source": {"path": self.path, "name": os.path.basename(self.path)}}

    def check(self, frame):
        """(stops, condition error text or None) for a hit in `frame`."""
        if self.condition is not None:
            try:
                if self._code is None:
                    self._code = compile(self.condition, "<condition>", "eval")
                # One namespace, so that names of the frame are also seen inside generator expressions.
                namespace = dict(frame.f_globals)
                namespace.update(frame.f_locals)
                if not eval(self._code, namespace):
                    return False, None
            except BaseException as error:
                from .bounded import describe_error
                return True, describe_error(error)
        self.hits += 1
        if self.hit_expression is None:
            return True, None
        try:
            return bool(eval(self.hit_expression.replace("@HIT@", str(self.hits)), frame.f_globals, frame.f_locals)), None
        except Exception:
            return False, None


def statement_lines(tree):
    """The lines on which a statement that runs code starts, and the statements by line (outermost first)."""
    starts = {}
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and body and _is_docstring(body[0]):
            docstrings.add(id(body[0]))
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or isinstance(node, (ast.Global, ast.Nonlocal)) or id(node) in docstrings:
            continue
        starts.setdefault(node.lineno, node)
    return starts


def _is_docstring(node):
    return isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant) and isinstance(node.value.value, str)


def canonical(path):
    """The key a file is known by: its real absolute path."""
    return os.path.realpath(path)


class SourceFile(object):
    """A breakpoint file's statement lines, read once."""

    def __init__(self, path):
        self.path = path
        self.lines = None
        self.error = None
        try:
            with tokenize.open(path) as handle:
                source = handle.read()
            self.lines = sorted(statement_lines(ast.parse(source, path)))
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError) as error:
            self.error = error

    def bind(self, line):
        if not self.lines:
            return None
        index = bisect.bisect_left(self.lines, line)
        return self.lines[index] if index < len(self.lines) else None


class Breakpoints(object):
    """Every breakpoint by file (its canonical path) and bound line; replaced file by file."""

    def __init__(self):
        self._lock = threading.Lock()
        self._next_id = 1
        self.by_file = {}
        # Each file's own path as the client named it.
        self.names = {}
        self._sources = {}

    def set_file(self, path, requested):
        """Replaces the breakpoints of `path` with `requested` (DAP SourceBreakpoint dicts)."""
        key = canonical(path)
        source = self._sources.get(key)
        if source is None:
            source = self._sources[key] = SourceFile(path)
        made = []
        lines = {}
        with self._lock:
            for spec in requested:
                line = source.bind(int(spec.get("line", 0)))
                breakpoint = Breakpoint(self._next_id, path, int(spec.get("line", 0)), line, spec.get("condition"), spec.get("hitCondition"))
                if line is None and source.error is not None:
                    breakpoint.line = None
                self._next_id += 1
                made.append(breakpoint)
                if line is not None:
                    lines.setdefault(line, []).append(breakpoint)
            if lines:
                self.by_file[key] = lines
                self.names[key] = path
            else:
                self.by_file.pop(key, None)
        return made

    def at(self, key, line):
        lines = self.by_file.get(key)
        return lines.get(line) if lines else None

    def files(self):
        return set(self.by_file)

    def clear(self):
        with self._lock:
            self.by_file = {}
