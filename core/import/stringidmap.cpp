#include "core/import/stringidmap.h"

#include <cstring>

namespace rs::import {

namespace {
uint64_t mix(uint64_t h) {
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ULL;
    h ^= h >> 32;
    return h;
}
} // namespace

uint64_t StringIdMap::hash(std::string_view s) {
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ uint64_t(s.size());
    const char* p = s.data();
    size_t n = s.size();
    for (; n >= 8; p += 8, n -= 8) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    if (n > 0) {
        uint64_t w = 0;
        std::memcpy(&w, p, n);
        h = (h ^ w) * 0x94d049bb133111ebULL;
        h ^= h >> 29;
    }
    return mix(h);
}

StringIdMap::StringIdMap() : m_slots(64) {}

int32_t StringIdMap::find(std::string_view s, uint64_t h) const {
    const size_t mask = m_slots.size() - 1;
    for (size_t i = size_t(h) & mask;; i = (i + 1) & mask) {
        const Slot& slot = m_slots[i];
        if (slot.id < 0) return -1;
        if (slot.hash == h && slot.length == s.size() &&
            (s.empty() || std::memcmp(m_chars.data() + slot.offset, s.data(), s.size()) == 0))
            return slot.id;
    }
}

void StringIdMap::place(const Slot& slot) {
    const size_t mask = m_slots.size() - 1;
    size_t i = size_t(slot.hash) & mask;
    while (m_slots[i].id >= 0)
        i = (i + 1) & mask;
    m_slots[i] = slot;
}

void StringIdMap::grow() {
    std::vector<Slot> old(m_slots.size() * 2);
    old.swap(m_slots);
    for (const Slot& slot : old)
        if (slot.id >= 0) place(slot);
}

void StringIdMap::add(std::string_view s, int32_t id, uint64_t h) {
    if ((m_count + 1) * 2 > m_slots.size()) grow();
    Slot slot;
    slot.hash = h;
    slot.offset = m_chars.size();
    slot.length = uint32_t(s.size());
    slot.id = id;
    m_chars.insert(m_chars.end(), s.begin(), s.end());
    place(slot);
    ++m_count;
}

} // namespace rs::import
