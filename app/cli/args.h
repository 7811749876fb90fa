#pragma once
// A small argument parser for the sub-commands: positionals, "--name value", "--name=value" and flags.
// Unknown options are errors (with the command's usage), so typos never pass silently.
#include "core/model/ranklist.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::cli {

using model::parseRankList;

class Args {
  public:
    /// `valueOptions`: options that take a value; `flags`: options that do not.
    Args(const std::vector<std::string>& argv, std::set<std::string> valueOptions,
         std::set<std::string> flags);
    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    const std::vector<std::string>& positional() const { return m_pos; }
    bool flag(const std::string& name) const { return m_flags.count(name) > 0; }
    std::optional<std::string> value(const std::string& name) const; ///< the last one given
    /// Every value of a repeatable option, in the order given (`--lane A --lane B`).
    std::vector<std::string> values(const std::string& name) const;
    /// Integer option with bounds; sets error() and returns `def` when malformed.
    long long intValue(const std::string& name, long long def, long long lo, long long hi);

  private:
    std::vector<std::string> m_pos;
    std::map<std::string, std::string> m_values;
    std::map<std::string, std::vector<std::string>> m_repeated;
    std::set<std::string> m_flags;
    std::string m_error;
};

/// Parses "4GiB", "512MiB", "1048576", "2G" into bytes.
std::optional<long long> parseBytes(const std::string& s);

} // namespace rs::cli
