#include "core/model/commkeys.h"

#include <array>
#include <cctype>

namespace rs::model {

const char* commEntryName(CommEntry e) {
    switch (e) {
    case CommEntry::Total:
        return "total";
    case CommEntry::Op:
        return "op";
    case CommEntry::Sample:
        return "sample";
    case CommEntry::OpInfoTotal:
        return "total_op_info";
    }
    return "";
}

uint64_t hcclGroupHash(std::string_view commName) {
    uint32_t a = 0, b = 0;
    for (unsigned char c : commName) {
        a = a * 29u + c;
        b = b * 131u + c;
    }
    return (uint64_t(a) << 32) | b;
}

std::string commAlgorithm(std::string_view opName) {
    static constexpr std::array<std::string_view, 13> kWords{
        "send",          "reduce",  "invalid",  "broadcast", "allreduce",  "receive",      "allgather",
        "reducescatter", "scatter", "alltoall", "alltoallv", "alltoallvc", "batchsendrecv"};
    std::string lower(opName);
    for (char& c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    for (size_t at = 0; at < lower.size(); ++at)
        for (std::string_view w : kWords)
            if (lower.compare(at, w.size(), w) == 0) return std::string(w);
    const size_t cut = opName.find("__");
    return std::string(opName.substr(0, cut));
}

namespace {
std::optional<int64_t> digits(std::string_view s) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

bool isSampleName(std::string_view s) {
    return s == "top1" || s == "middle" || s == "bottom1" || s == "bottom2" || s == "bottom3";
}
} // namespace

std::optional<std::pair<int64_t, int64_t>> parseLinkKey(std::string_view key) {
    const size_t dash = key.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    auto a = digits(key.substr(0, dash)), b = digits(key.substr(dash + 1));
    if (!a || !b) return std::nullopt;
    return std::make_pair(*a, *b);
}

MatrixOpKey parseMatrixOpKey(std::string_view key) {
    MatrixOpKey k;
    const size_t at = key.rfind('@');
    std::string_view name = key.substr(0, at);
    if (at != std::string_view::npos) k.group = std::string(key.substr(at + 1));
    k.op = std::string(name);
    if (name == "Total Op Info") {
        k.entry = CommEntry::OpInfoTotal;
        return k;
    }
    const size_t dash = name.rfind('-');
    if (dash == std::string_view::npos || dash == 0) return k; // an op instance (older layout)
    const std::string_view tail = name.substr(dash + 1);
    if (tail == "total") {
        k.entry = CommEntry::Total;
    } else if (isSampleName(tail)) {
        k.entry = CommEntry::Sample;
        k.sample = std::string(tail);
    } else {
        return k;
    }
    k.op = std::string(name.substr(0, dash));
    return k;
}

} // namespace rs::model
