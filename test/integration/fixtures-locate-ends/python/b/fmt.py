def fmt(x):
    return '%06d' % x
print(fmt(1234))
