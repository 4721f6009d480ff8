type Item = object
  sku: string
  qty: int

proc total(items: seq[Item], bonus: int): int =
  var sum = 0
  for it in items:
    sum += it.qty
  sum += bonus
  result = sum

let items = @[Item(sku: "tea", qty: 2), Item(sku: "mug", qty: 5)]
echo total(items, 3)
