#include "core/analysis/analysisoptions.h"

#include "core/model/decimal.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace rs::analysis {

std::string AnalysisOptions::key() const {
    std::ostringstream s;
    // The code's version is part of the key: a new analysis rebuilds cached indexes.
    s << "v=" << RANKSCOPE_VERSION << "-a" << kAnalysisRevision << ";banks=" << banks.bankCount << "x"
      << banks.bankSizeBytes << "@" << (banks.baseAddr ? std::to_string(*banks.baseAddr) : "auto")
      << (deviceFile.empty() ? ";bankfile=0" : ";bankfile=1") << ";straggler=" << stragglerRatio
      << ";z=" << robustZ << ";outlier=" << outlierMinFraction << ";idle=" << idleGapMinNs
      << ";wait=" << waitMinNs << ";minop=" << minOpCount;
    return s.str();
}

std::string AnalysisOptions::bankLayoutSource() const {
    if (!deviceFile.empty()) return "device file";
    const BankModel assumed;
    if (banks.bankCount != assumed.bankCount || banks.bankSizeBytes != assumed.bankSizeBytes ||
        banks.baseAddr)
        return "options";
    return "assumed";
}

bool AnalysisOptions::loadDeviceFile(const std::string& profileDir, std::string& error) {
    namespace fs = std::filesystem;
    fs::path p = fs::path(profileDir) / "rankscope-device.json";
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) return true;
    std::ifstream in(p);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        error = p.string() +
                ": not a JSON object (expected {\"bank_count\": 8, \"bank_size_bytes\": 4294967296, "
                "\"base_addr\": \"0x...\"})";
        return false;
    }
    if (j.contains("bank_count") && j["bank_count"].is_number_integer())
        banks.bankCount = j["bank_count"].get<int>();
    if (j.contains("bank_size_bytes") && j["bank_size_bytes"].is_number_integer())
        banks.bankSizeBytes = j["bank_size_bytes"].get<int64_t>();
    if (j.contains("base_addr")) {
        if (j["base_addr"].is_string())
            banks.baseAddr = model::parseAddress(j["base_addr"].get<std::string>());
        else if (j["base_addr"].is_number_unsigned())
            banks.baseAddr = j["base_addr"].get<uint64_t>();
    }
    if (banks.bankCount <= 0 || banks.bankSizeBytes <= 0) {
        error = p.string() + ": bank_count and bank_size_bytes must be positive";
        return false;
    }
    deviceFile = p.string();
    return true;
}

} // namespace rs::analysis
