// Shelf labels in several scripts: each product's name as UTF-16 (what the label printer takes),
// with the stock of each size. Usage: labels [LOCALE]
#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct Product {
  std::string sku;
  std::u16string name;
  std::map<std::string, int> stock;
};

std::u16string label_for(const Product& product, const std::string& locale) {
  std::u16string label = product.name;
  if (locale == "fr") label += u" (r\u00e9f. ";
  else label += u" (ref. ";
  label += std::u16string(product.sku.begin(), product.sku.end());
  label += u")";
  return label;
}

int main(int argc, char** argv) {
  std::string locale = argc > 1 ? argv[1] : "fr";
  std::vector<Product> shelf = {
      {"tea-01", u"th\u00e9 vert", {{"s", 4}, {"l", 2}}},
      {"mug-02", u"tasse", {{"s", 0}, {"l", 7}}},
  };
  int printed = 0;
  for (const Product& product : shelf) {
    std::u16string label = label_for(product, locale);
    printed += static_cast<int>(label.size());
  }
  std::printf("%d characters\n", printed);
  return 0;
}
