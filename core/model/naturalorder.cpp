#include "core/model/naturalorder.h"

namespace rs::model {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

/// The end of the digit run of `s` that starts at `i`.
size_t digitRunEnd(std::string_view s, size_t i) {
    while (i < s.size() && isDigit(s[i]))
        ++i;
    return i;
}

} // namespace

bool naturalLess(std::string_view a, std::string_view b) {
    size_t i = 0, j = 0;
    int zeroTie = 0; // equal numbers with different leading zeros: decided only if all else is equal
    while (i < a.size() && j < b.size()) {
        if (!isDigit(a[i]) || !isDigit(b[j])) {
            if (a[i] != b[j]) return (unsigned char)a[i] < (unsigned char)b[j];
            ++i, ++j;
            continue;
        }
        const size_t ea = digitRunEnd(a, i), eb = digitRunEnd(b, j);
        size_t va = i, vb = j;
        while (va + 1 < ea && a[va] == '0')
            ++va;
        while (vb + 1 < eb && b[vb] == '0')
            ++vb;
        // (digit strings of any length: a number wider than int64 still compares by its digits)
        if (ea - va != eb - vb) return ea - va < eb - vb;
        const int c = a.substr(va, ea - va).compare(b.substr(vb, eb - vb));
        if (c != 0) return c < 0;
        if (zeroTie == 0 && ea - i != eb - j) zeroTie = ea - i < eb - j ? -1 : 1;
        i = ea, j = eb;
    }
    if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
    return zeroTie < 0;
}

} // namespace rs::model
