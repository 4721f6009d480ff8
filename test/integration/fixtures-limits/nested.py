# Nested data, wide and deep: --max-variables caps what is captured, all levels together.
def main():
    grid = [[row * 10 + col for col in range(10)] for row in range(10)]
    table = {f"k{i}": {"id": i, "tags": [i, i + 1, i + 2]} for i in range(20)}
    name = "nested"
    print(name, len(grid), len(table))  # line 6: breakpoint


main()
