# bench/locate.ts: a command line parsed by argparse (stdlib_argparse.py, a copy of Python 3.11's), with a
# sub-command: class-heavy code, a parser and its actions in `self` at every step.
import stdlib_argparse as argparse

parser = argparse.ArgumentParser(prog="demo")
parser.add_argument("--n", type=int, default=3)
parser.add_argument("files", nargs="*")
commands = parser.add_subparsers(dest="cmd")
go = commands.add_parser("go")
go.add_argument("--fast", action="store_true")
print(parser.parse_args(["--n", "5", "a", "b", "go", "--fast"]))
