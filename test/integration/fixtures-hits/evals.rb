# bpdiff's hits-reached test: a hit count is counted by bpdiff's rdbg start (bpdiff_rdbg.rb) without a Binding#eval at
# each pass (with --condition, one: the condition's). The program counts the calls of Binding#eval made in it, rdbg's
# evaluations of a breakpoint's condition included, in a local the breakpoint's values show.
EVALS = [0]
class Binding
  alias_method :bpdiff_fixture_eval, :eval

  def eval(*args)
    EVALS[0] += 1
    bpdiff_fixture_eval(*args)
  end
end

limit = Integer(ARGV[0])
evals = EVALS
total = 0
limit.times do |i|
  total += i # the breakpoint
end
puts total
puts evals.inspect
