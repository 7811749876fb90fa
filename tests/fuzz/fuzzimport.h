#pragma once
// Shared by the importer fuzz targets: writes one input to a file of the kind's real name in a private
// temporary directory and runs the rank job over it exactly as the indexer does (a writer-side thread
// drains the batches, so the bounded queue never blocks).
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankjob.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace rs::fuzz {

/// A directory of this process's own, removed when it exits.
inline std::string scratchDir() {
    struct Scratch {
        std::filesystem::path dir =
            std::filesystem::temp_directory_path() / ("rankscope-fuzz-" + std::to_string(::getpid()));
        Scratch() { std::filesystem::create_directories(dir); }
        ~Scratch() {
            std::error_code ec;
            std::filesystem::remove_all(dir, ec);
        }
    };
    static const Scratch s;
    return s.dir.string();
}

inline void importOne(import::FileKind kind, const std::string& name, const uint8_t* data, size_t size) {
    const std::string path = scratchDir() + "/" + name;
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    }
    import::RankGroup g;
    g.label = scratchDir();
    g.files.push_back({path, kind, int64_t(size), 0, 0});
    import::ImportContext ctx;
    std::thread drain([&] {
        while (ctx.queue.pop()) {
        }
    });
    import::runRankJob(ctx, g, 0);
    ctx.queue.close();
    drain.join();
    std::filesystem::remove(path);
}

} // namespace rs::fuzz
