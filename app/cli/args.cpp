#include "app/cli/args.h"

#include <cctype>
#include <cstdlib>

namespace rs::cli {

Args::Args(const std::vector<std::string>& argv, std::set<std::string> valueOptions,
           std::set<std::string> flags, std::set<std::string> lists) {
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            std::string name = a.substr(2), val;
            bool hasEq = false;
            if (auto eq = name.find('='); eq != std::string::npos) {
                val = name.substr(eq + 1);
                name = name.substr(0, eq);
                hasEq = true;
            }
            if (flags.count(name)) {
                m_flags.insert(name);
            } else if (valueOptions.count(name)) {
                if (!hasEq) {
                    if (i + 1 >= argv.size()) {
                        m_error = "option --" + name + " needs a value";
                        return;
                    }
                    val = argv[++i];
                }
                auto [it, first] = m_values.emplace(name, val);
                if (!first && lists.count(name))
                    it->second += "," + val;
                else if (!first && it->second != val) {
                    m_error = "option --" + name + " given twice ('" + it->second + "', then '" + val +
                              "'): give it once";
                    return;
                }
                m_repeated[name].push_back(val);
            } else {
                m_error = "unknown option --" + name;
                return;
            }
        } else {
            m_pos.push_back(a);
        }
    }
}

std::optional<std::string> Args::value(const std::string& name) const {
    auto it = m_values.find(name);
    if (it == m_values.end()) return std::nullopt;
    return it->second;
}

std::vector<std::string> Args::values(const std::string& name) const {
    auto it = m_repeated.find(name);
    return it == m_repeated.end() ? std::vector<std::string>{} : it->second;
}

long long Args::intValue(const std::string& name, long long def, long long lo, long long hi) {
    auto v = value(name);
    if (!v) return def;
    char* end = nullptr;
    long long x = std::strtoll(v->c_str(), &end, 10);
    if (v->empty() || *end != '\0' || x < lo || x > hi) {
        m_error = "--" + name + " must be an integer between " + std::to_string(lo) + " and " +
                  std::to_string(hi) + " (got '" + *v + "')";
        return def;
    }
    return x;
}

std::optional<long long> parseBytes(const std::string& s) {
    size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        ++i;
    if (i == 0) return std::nullopt;
    long long n = std::atoll(s.substr(0, i).c_str());
    std::string unit = s.substr(i);
    for (auto& c : unit)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    long long m = 1;
    if (unit.empty() || unit == "b")
        m = 1;
    else if (unit == "k" || unit == "kib" || unit == "kb")
        m = 1LL << 10;
    else if (unit == "m" || unit == "mib" || unit == "mb")
        m = 1LL << 20;
    else if (unit == "g" || unit == "gib" || unit == "gb")
        m = 1LL << 30;
    else
        return std::nullopt;
    return n * m;
}

} // namespace rs::cli
