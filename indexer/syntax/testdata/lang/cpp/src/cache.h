#ifndef SHOP_CACHE_H
#define SHOP_CACHE_H

#include <map>
#include <string>

namespace shop {
namespace cache {

// Policy decides which entry to evict.
class Policy {
public:
    virtual ~Policy() = default;
    virtual std::string victim() const = 0;
};

/// LRU evicts the least recently used entry.
template <typename K, typename V>
class LRU : public Policy {
public:
    explicit LRU(size_t cap) : cap_(cap) {}

    // get returns the value of k and marks it used.
    V get(const K& k) {
        touch(k);
        return items_.at(k);
    }

    std::string victim() const override;

private:
    void touch(const K& k) { order_[k] = ++clock_; }

    struct Entry {
        V value;
        long used;
    };

    size_t cap_;
    long clock_ = 0;
    std::map<K, long> order_;
    std::map<K, V> items_;
};

enum class Mode { ReadThrough, WriteBack };

// Registry names the caches of a process.
class Registry {
public:
    void add(const std::string& name);
    bool has(const std::string& name) const;

private:
    std::map<std::string, Mode> modes_;
};

}  // namespace cache
}  // namespace shop

#endif
