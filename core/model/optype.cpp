#include "core/model/optype.h"

#include <algorithm>
#include <cctype>

namespace rs::model {

namespace {

constexpr std::string_view kAnonymous = "(anonymous namespace)";

/// The unqualified function name of a demangled C++ kernel signature ("void at::native::(anonymous
/// namespace)::vectorized_elementwise_kernel<4, …>(int, …)" → vectorized_elementwise_kernel): the
/// return type, template arguments, parameter list and namespaces cut. "(anonymous namespace)" is a
/// namespace, not the parameter list. Empty when nothing names the function.
std::string cxxOpType(std::string_view n) {
    if (n.rfind("void ", 0) == 0) n.remove_prefix(5);
    int depth = 0;
    size_t cut = n.size();
    for (size_t i = 0; i < n.size(); ++i) {
        const char c = n[i];
        if (c == '<') {
            if (depth == 0) cut = std::min(cut, i);
            ++depth;
        } else if (c == '>') {
            --depth;
        } else if (c == '(' && depth == 0) {
            if (n.substr(i, kAnonymous.size()) == kAnonymous) {
                i += kAnonymous.size() - 1;
                continue;
            }
            cut = std::min(cut, i);
            break;
        }
    }
    n = n.substr(0, cut);
    const size_t ns = n.rfind("::");
    if (ns != std::string_view::npos) n = n.substr(ns + 2);
    while (!n.empty() && n.back() == ' ')
        n.remove_suffix(1);
    const size_t space = n.rfind(' '); // a return type other than void ("float2 foo")
    if (space != std::string_view::npos) n = n.substr(space + 1);
    if (n.find_first_of("()") != std::string_view::npos) return {};
    return std::string(n);
}

} // namespace

std::string deriveOpType(std::string_view n) {
    if (n.rfind("hcom_", 0) == 0) {
        size_t k = n.find("__");
        if (k != std::string_view::npos) return std::string(n.substr(0, k + 1));
        return std::string(n);
    }
    bool cxx = n.rfind("void ", 0) == 0 || n.find('(') != std::string_view::npos;
    if (cxx) {
        std::string t = cxxOpType(n);
        if (!t.empty()) return t;
        // nothing named before the parameter list: the whole name, never an empty op type
        while (!n.empty() && n.back() == ' ')
            n.remove_suffix(1);
        return std::string(n);
    }
    size_t slash = n.rfind('/');
    if (slash != std::string_view::npos && slash + 1 < n.size()) n = n.substr(slash + 1);
    size_t op = n.find("-op");
    if (op != std::string_view::npos && op > 0) return std::string(n.substr(0, op));
    // strip a trailing _<digits> instance suffix
    size_t e = n.size();
    while (e > 0 && std::isdigit(static_cast<unsigned char>(n[e - 1])))
        --e;
    if (e < n.size() && e > 1 && n[e - 1] == '_') return std::string(n.substr(0, e - 1));
    return std::string(n);
}

} // namespace rs::model
