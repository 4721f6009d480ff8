# Values whose text holds addresses pydevd cuts in a container (a lambda's repr, `<function <lambda> a...995d85bc0>`,
# holds < and > before the cut) and threads, whose repr and ids hold the thread's ident: two runs of this
# program hold the same values.
import threading


def named():
    return 2


def work():
    pass


table = {'a': lambda: 1, 'b': named, 'c': [lambda: 3]}
t = threading.Thread(target=work)
t.start(); t.join()
t.join()
threads = [t]
x = 1
print(x)
