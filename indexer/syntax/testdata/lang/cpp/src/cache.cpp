#include "cache.h"

namespace shop::cache {

// stats counts hits and misses.
struct Stats {
    long hits = 0;
    long misses = 0;
    double ratio() const { return hits / double(hits + misses); }
};

// add registers a cache under name.
void Registry::add(const std::string& name) {
    if (!has(name)) {
        modes_[name] = Mode::ReadThrough;
    }
}

bool Registry::has(const std::string& name) const { return modes_.count(name) > 0; }

void reset(Stats& s) {
    s = Stats{};
}

}  // namespace shop::cache

// main exercises the cache.
int main() {
    shop::cache::Stats s;
    shop::cache::reset(s);
    return s.ratio() > 0.5;
}
