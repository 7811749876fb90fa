// import::StringIdMap, the parsers' string → id map, and the interners over it: every string added is
// found with its id, whatever its bytes (empty, embedded NULs, long, sharing an 8-byte prefix), through
// the table's growth; a string never added is not found.
#include "core/import/stringidmap.h"
#include "core/import/stringinterner.h"

#include <QtTest>
#include <string>
#include <thread>
#include <vector>

using namespace rs::import;

class TstStringIdMap : public QObject {
    Q_OBJECT

    static std::vector<std::string> awkwardStrings() {
        std::string longer(3000, 'x');
        longer.append(1, 'y');
        return {std::string(),
                "a",
                "MatMulV2",
                "MatMulV3",
                "aclnnMatmul_MatMulCommon_MatMulV2",
                "aclnnMatmul_MatMulCommon_MatMulV3",
                std::string("nul\0inside", 10),
                std::string("nul\0inside", 11),
                std::string(3000, 'x'),
                longer,
                "12345678",
                "123456781",
                "\xe5\x90\x8d\xe5\xad\x97"};
    }

  private Q_SLOTS:
    void everyStringAddedIsFoundWithItsId() {
        StringIdMap map;
        const auto strings = awkwardStrings();
        for (size_t i = 0; i < strings.size(); ++i) {
            QCOMPARE(map.find(strings[i]), -1);
            map.add(strings[i], int32_t(i) * 3);
        }
        QCOMPARE(map.size(), strings.size());
        for (size_t i = 0; i < strings.size(); ++i)
            QCOMPARE(map.find(strings[i]), int32_t(i) * 3);
        QCOMPARE(map.find("MatMulV"), -1);
        QCOMPARE(map.find(std::string("nul\0insidE", 10)), -1);
        QCOMPARE(map.find(std::string(2999, 'x')), -1);
    }

    void theTableGrowsAndKeepsEveryId() {
        StringIdMap map; // starts at 64 slots: 100 000 strings grow it eleven times
        for (int i = 0; i < 100000; ++i)
            map.add("kernel_" + std::to_string(i), i);
        for (int i = 0; i < 100000; ++i)
            QCOMPARE(map.find("kernel_" + std::to_string(i)), i);
        QCOMPARE(map.find("kernel_100000"), -1);
        QCOMPARE(map.find("kernel_"), -1);
    }

    void threadsInterningTheSameStringsAgreeOnTheirIds() {
        StringInterner global;
        std::vector<std::vector<int32_t>> ids(4);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                LocalInterner local(global);
                for (int i = 0; i < 5000; ++i) // each thread its own order
                    local.intern("op_" + std::to_string((i * (t + 1) * 7919) % 5000));
                for (int i = 0; i < 5000; ++i)
                    ids[size_t(t)].push_back(local.intern("op_" + std::to_string(i)));
            });
        for (auto& th : threads)
            th.join();
        for (int t = 1; t < 4; ++t)
            QCOMPARE(ids[size_t(t)], ids[0]);
        QCOMPARE(global.strings().size(), size_t(5001)); // and the empty string, id 0
        for (int i = 0; i < 5000; ++i)
            QCOMPARE(global.text(ids[0][size_t(i)]), "op_" + std::to_string(i));
        LocalInterner local(global);
        QCOMPARE(local.intern(""), 0);
    }
};

QTEST_GUILESS_MAIN(TstStringIdMap)
#include "tst_stringidmap.moc"
