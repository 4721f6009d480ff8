# bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each.
# PART is read into a constant before the loop (no local of the walk's frames holds it, as in loop.py,
# where os.environ.get runs in the standard library): the runs differ only once i reaches it. A while
# loop, as loop.py's for: every pass in main's own frame (a block would be a call of its own each pass).
PART = Integer(ENV.fetch('PART', '-1'))

def main(count)
  total = 0
  i = 0
  while i < count
    x = i * 3
    y = x % 7
    total += y
    total += 1 if i == PART
    i += 1
  end
  total
end

puts main(Integer(ENV.fetch('COUNT', '2000')))
