def fmt(x):
    return '%d' % x
print(fmt(1234))
