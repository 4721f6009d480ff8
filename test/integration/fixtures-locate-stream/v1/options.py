# locate-stream.test.ts: a parser whose objects write the same repr in both runs (as argparse's do), whose
# `self` holds each option twice (in a list and in a dict), and whose runs differ only deep inside it, in a
# method whose other local is a name: with DEEP=seen B counts an option twice (self.last.seen, two levels
# down), with DEEP=tag it adds a tag to a list two levels down (self.last.tags), on a line both runs run.
import os


class Option:
    def __init__(self, name):
        self.name = name
        self.seen = 0
        self.tags = []

    def __repr__(self):
        return "Option(%r)" % self.name


class Parser:
    def __init__(self):
        self.options = []
        self.by_name = {}
        self.last = None

    def __repr__(self):
        return "Parser(%d options)" % len(self.options)

    def add(self, name):
        self.options.append(Option(name))
        self.by_name[name] = self.options[-1]

    def tally(self, name):
        self.last = self.by_name[name]
        self.last.seen += 2 if os.environ.get("DEEP") == "seen" and name == "b" else 1
        self.last.tags.append(name)
        self.last.tags.extend(["again"] if os.environ.get("DEEP") == "tag" and name == "b" else [])
        return self.last.seen


def main():
    parser = Parser()
    for name in "abc":
        parser.add(name)
    total = 0
    for name in "abcb":
        total += parser.tally(name)
    print(total)


main()
