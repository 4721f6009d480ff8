# A dict whose keys are objects alike but for their addresses: each entry is named by its key's repr.
class Node:
    def __init__(self, name):
        self.name = name


d = {Node("a"): 1, Node("a"): 2}
print(len(d))
