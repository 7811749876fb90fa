#include "core/model/shortkernelname.h"

#include "core/model/cxxkernelname.h"
#include "core/model/utf8.h"

namespace rs::model {

namespace {

/// `s` without its trailing parameter list ("f<T>(int, (anonymous namespace)::X)" → "f<T>"); the
/// parentheses of a qualifier such as "(anonymous namespace)" are not one. `s` itself when it has none.
std::string_view withoutArguments(std::string_view s) {
    if (s.empty() || s.back() != ')') return s;
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
        depth += s[i] == ')' ? 1 : s[i] == '(' ? -1 : 0;
        if (depth == 0) return i == 0 ? s : s.substr(0, i);
    }
    return s;
}

/// The function of a qualified name with its template arguments ("at::native::f<a::B>" → "f<a::B>"): what
/// follows the last "::" outside brackets.
std::string_view unqualified(std::string_view s) {
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i + 1 < s.size(); ++i) {
        depth += s[i] == '<' || s[i] == '(' ? 1 : s[i] == '>' || s[i] == ')' ? -1 : 0;
        if (depth == 0 && s[i] == ':' && s[i + 1] == ':') start = i + 2;
    }
    return s.substr(start);
}

} // namespace

std::string shortKernelName(std::string_view name, size_t maxBytes) {
    if (name.size() <= maxBytes) return validUtf8(name);
    std::string_view s = name;
    if (s.rfind("void ", 0) == 0) s.remove_prefix(5);
    const std::string_view bare = withoutArguments(s);
    if (bare.size() == s.size()) return middleElided(name, maxBytes); // not a signature
    if (bare.size() <= maxBytes) return validUtf8(bare);
    const std::string_view fn = unqualified(bare);
    if (fn.size() <= maxBytes) return validUtf8(fn);
    // a launcher template is told apart by the functor it runs ("vectorized_elementwise_kernel<FillFunctor>",
    // cut in the middle when longer: the functor's end stays)
    const std::string_view plain = fn.substr(0, fn.find('<'));
    const std::string op = cxxKernelOpType(name);
    if (!op.empty() && op != plain) return middleElided(op, maxBytes);
    // else by the end of its template arguments, the function's name whole: "CatArrayBatchedCopy<...2, 128,
    // 1>"
    constexpr std::string_view kCut = "<...";
    if (plain.size() == fn.size() || plain.size() + kCut.size() + 4 > maxBytes)
        return middleElided(fn, maxBytes);
    size_t tail = fn.size() - (maxBytes - plain.size() - kCut.size());
    while (tail < fn.size() && (static_cast<unsigned char>(fn[tail]) & 0xC0) == 0x80) // not mid-character
        ++tail;
    return validUtf8(plain) + std::string(kCut) + validUtf8(fn.substr(tail));
}

} // namespace rs::model
