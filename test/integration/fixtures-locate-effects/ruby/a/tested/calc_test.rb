require 'minitest/autorun'
require_relative 'calc'

class TotalTest < Minitest::Test
  def test_total
    assert_equal 6, total([1, 2, 3])
  end

  def test_empty
    assert_equal 0, total([])
  end
end
