# A hash of lambdas and procs, a list of them and a method, and threads, one ended and one asleep (issue
# 33): each one's inspect holds an address; two runs of this program hold the same values.
table = { a: -> { 1 }, b: proc { 2 } }
steps = [->(x) { x + 1 }, method(:puts)]
worker = Thread.new { 1 }
worker.join
sleeper = Thread.new { sleep }
Thread.pass until sleeper.status == 'sleep'
x = 1
sleeper.kill
puts x + table.size + steps.size
