#include "core/demo/demogenerator.h"

#include "core/demo/ascenddemowriter.h"
#include "core/demo/demoplan.h"
#include "core/demo/kinetodemowriter.h"

#include <atomic>
#include <filesystem>
#include <mutex>
#include <thread>
#include <vector>

namespace rs::demo {

bool generateDemo(const std::string& outDir, const DemoOptions& o, std::string& error,
                  const std::function<void(int, int)>& progress) {
    if (o.format != "ascend" && o.format != "kineto") {
        error = "unknown demo format '" + o.format + "' (use ascend or kineto)";
        return false;
    }
    if (std::string bad = DemoPlan::unknownScaleOps(o); !bad.empty()) {
        error = bad;
        return false;
    }
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    if (ec) {
        error = outDir + ": cannot create: " + ec.message();
        return false;
    }
    DemoPlan plan(o);
    std::atomic<int> next{0}, done{0};
    std::mutex m;
    int threads = std::max(1, std::min<int>(int(std::thread::hardware_concurrency()), plan.options().ranks));
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (int r; (r = next.fetch_add(1)) < plan.options().ranks;) {
                std::string err;
                bool ok = o.format == "kineto" ? writeKinetoRank(plan, r, outDir, err)
                                               : writeAscendRank(plan, r, outDir, err);
                std::lock_guard<std::mutex> l(m);
                if (!ok && error.empty()) error = err;
                ++done;
                if (progress) progress(done.load(), plan.options().ranks);
            }
        });
    for (auto& t : pool)
        t.join();
    return error.empty();
}

} // namespace rs::demo
