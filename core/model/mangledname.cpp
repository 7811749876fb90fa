#include "core/model/mangledname.h"

#include <cctype>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace rs::model {

namespace {

/// Reads the <name> of an Itanium mangling after "_Z" as far as an op type needs: the identifiers of
/// the (nested) name and, at the outermost level, those of its first template argument. Substitutions,
/// operators and everything after are not expanded: the reader stops there with what it has.
class PrefixReader {
  public:
    explicit PrefixReader(std::string_view s) : m_s(s) {}

    std::string name(bool outermost) {
        std::string out;
        const bool nested = take('N');
        while (nested && m_i < m_s.size() &&
               std::string_view("rVKRO").find(m_s[m_i]) != std::string_view::npos)
            ++m_i; // cv- and ref-qualifiers of a member function
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                if (!sourceName(out)) return out;
            } else if (c == 'S') {
                if (!substitution(out)) return out;
            } else if (c == 'I' && outermost) {
                ++m_i;
                if (std::string arg = name(false); !arg.empty()) out += '<' + arg + '>';
                return out;
            } else {
                return out; // 'E', template arguments of an inner name, operators, constructors
            }
            if (!nested && (m_i >= m_s.size() || m_s[m_i] != 'I')) return out;
        }
        return out;
    }

  private:
    bool take(char c) {
        if (m_i < m_s.size() && m_s[m_i] == c) return ++m_i, true;
        return false;
    }
    static void append(std::string& out, std::string_view part) {
        if (!out.empty()) out += "::";
        out += part;
    }
    bool sourceName(std::string& out) {
        size_t len = 0;
        while (m_i < m_s.size() && std::isdigit(static_cast<unsigned char>(m_s[m_i])) && len < m_s.size())
            len = len * 10 + size_t(m_s[m_i++] - '0');
        if (len == 0 || len > m_s.size() - m_i) return false;
        const std::string_view id = m_s.substr(m_i, len);
        m_i += len;
        if (id.rfind("_GLOBAL__N", 0) != 0) append(out, id); // an anonymous namespace
        return true;
    }
    // "St" is std::; "S_", "S<seq>_" and the abbreviations (Sa, Ss, …) stand for names already read,
    // which the op type does not need (it is named by the last identifier).
    bool substitution(std::string& out) {
        ++m_i;
        if (take('t')) return append(out, "std"), true;
        while (m_i < m_s.size() && (std::isdigit(static_cast<unsigned char>(m_s[m_i])) ||
                                    std::isupper(static_cast<unsigned char>(m_s[m_i]))))
            ++m_i;
        if (take('_')) return true;
        return m_i < m_s.size() && std::islower(static_cast<unsigned char>(m_s[m_i++]));
    }

    std::string_view m_s;
    size_t m_i = 0;
};

} // namespace

std::string demangledName(std::string_view name) {
    if (name.size() < 3 || name.substr(0, 2) != "_Z") return {};
    int status = 0;
    const std::string z(name);
    std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(z.c_str(), nullptr, nullptr, &status),
                                             std::free);
    if (status == 0 && d) return d.get();
    name.remove_prefix(2);
    if (!name.empty() && name[0] == 'L') name.remove_prefix(1); // internal linkage
    return PrefixReader(name).name(true);
}

} // namespace rs::model
