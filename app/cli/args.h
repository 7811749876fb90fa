#pragma once
// A small argument parser for the sub-commands: positionals, "--name value", "--name=value" and flags.
// Unknown options are errors (with the command's usage), so typos never pass silently, and so is an option
// given twice with two values unless it takes a list: `--rank 1 --rank 2` kept only rank 2 (walk 36), a
// second value silently replacing the first.
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
    /// `valueOptions`: options that take a value; `flags`: options that do not; `lists`: the value options
    /// that take a list (`--rank 0,3-5`, `--lane NAME`) and so may be given again: their values add up.
    /// Any other value option given twice with different values is an error naming both.
    Args(const std::vector<std::string>& argv, std::set<std::string> valueOptions,
         std::set<std::string> flags, std::set<std::string> lists = {});
    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    const std::vector<std::string>& positional() const { return m_pos; }
    bool flag(const std::string& name) const { return m_flags.count(name) > 0; }
    /// The value given; of a list option every value given, joined by ',' (`--rank 1 --rank 2` = "1,2").
    std::optional<std::string> value(const std::string& name) const;
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
