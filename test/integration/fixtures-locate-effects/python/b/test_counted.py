import unittest

from counted import total


class Total(unittest.TestCase):
    def test_total(self):
        self.assertEqual(total([1, 2, 3]), 6)
