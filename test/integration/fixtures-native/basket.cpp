// A C++ class with standard-library members, for names through `this` and libstdc++'s formatters.
//
//   basket [MUGS]
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

class Basket {
public:
    explicit Basket(std::string owner) : owner_(std::move(owner)) {}

    void add(const std::string &item, int qty)
    {
        items_.push_back(item);
        counts_[item] += qty;
        total_ += qty;
    }

    int total() const { return total_; }

private:
    std::string owner_;
    std::vector<std::string> items_;
    std::map<std::string, int> counts_;
    int total_ = 0;
};

int main(int argc, char **argv)
{
    Basket basket("ann");
    basket.add("tea", 2);
    basket.add("mug", argc > 1 ? std::atoi(argv[1]) : 5);
    std::cout << basket.total() << "\n";
    return 0;
}
