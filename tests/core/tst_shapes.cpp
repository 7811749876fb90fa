// Op latency by input shape: element counts and layouts parsed from the exporters' shape text, the
// Theil–Sen work model, outliers (a planted bad tiling is found, scatter is not mistaken for one), the
// importer's handling of kernel_details quoting, the demo's shape sweep (truth by construction), and a
// real torch_npu kernel_details.csv against an independent count.
#include "core/import/kernelinputs.h"
#include "core/query/timelinequery.h"
#include "core/shapes/shapetable.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace rs;

class TstShapes : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void elements_data() {
        QTest::addColumn<QString>("shapes");
        QTest::addColumn<qint64>("elements");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("dtypes");
        QTest::newRow("two matrices")
            << "4,512,4096;4096,4096" << qint64(4LL * 512 * 4096 + 4096LL * 4096) << "3;2"
            << "";
        QTest::newRow("one tensor") << "32,256,13,13" << qint64(32LL * 256 * 13 * 13) << "4"
                                    << "";
        QTest::newRow("tensor and scalar") << "4096,4096;" << qint64(4096LL * 4096) << "2;0"
                                           << "";
        QTest::newRow("a zero dim") << "0,128" << qint64(0) << "2"
                                    << "";
        QTest::newRow("not a number") << "8,?,4096" << qint64(0) << "3"
                                      << "";
        QTest::newRow("overflow") << "99999999999,99999999999,99999999999" << qint64(0) << "3"
                                  << "";
        QTest::newRow("spaces") << "8, 16" << qint64(128) << "2"
                                << "";
        // issue 19 (HTA trace_filter, Kineto): inputs with no dims are no elements. record_param_comms with
        // a tensor list Kineto did not expand and number arguments has none (was 6); with a 384-element
        // tensor and the same arguments, 384 (was 389)
        QTest::newRow("no input has dims") << ";;;;;;" << qint64(0) << "0;0;0;0;0;0;0"
                                           << "TensorList;Scalar;Scalar;Scalar;;;";
        QTest::newRow("a tensor and arguments") << "384;;;;;;" << qint64(384) << "1;0;0;0;0;0;0"
                                                << "long;Scalar;Scalar;Scalar;;;";
        // a dtype with no dims is a 0-dim tensor, one element (trace_filter's aten::add of a float and a
        // double 0-dim tensor and a Scalar alpha; Ascend's "4096;" FLOAT;FLOAT, a vector and a 0-dim tensor)
        QTest::newRow("0-dim tensors") << ";;" << qint64(2) << "0;0;0"
                                       << "float;double;Scalar";
        QTest::newRow("ascend 0-dim tensor") << "4096;" << qint64(4097) << "1;0"
                                             << "FLOAT;FLOAT";
    }
    void elements() {
        QFETCH(QString, shapes);
        QFETCH(qint64, elements);
        QFETCH(QString, layout);
        QFETCH(QString, dtypes);
        QCOMPARE(qint64(shapes::elementsOf(shapes.toStdString(), dtypes.toStdString())), elements);
        QCOMPARE(QString::fromStdString(shapes::layoutOf(shapes.toStdString())), layout);
    }
    void workModelAndOutliers() {
        // t = 5 µs + 0.01 ns/element over 8 sizes; size 5 runs 1.8× slower (a bad tiling)
        shapes::OpShapeTable t;
        t.opType = "MatMulV2";
        for (int i = 1; i <= 8; ++i) {
            shapes::ShapeRow r;
            r.inputShapes = std::to_string(i * 1000) + ",1000";
            r.dtype = "FLOAT16";
            r.count = 10;
            r.elements = int64_t(i) * 1000000;
            r.medianNs = (5000 + 0.01 * double(r.elements)) * (i == 5 ? 1.8 : 1.0);
            t.shapes.push_back(r);
        }
        shapes::judgeShapes(t);
        QCOMPARE(t.models.size(), size_t(1));
        QVERIFY(std::abs(t.models[0].nsPerElement - 0.01) < 1e-9);
        QVERIFY(std::abs(t.models[0].fixedNs - 5000) < 1e-6);
        QCOMPARE(t.outliers.size(), size_t(1));
        QCOMPARE(t.outliers[0].inputShapes, std::string("5000,1000"));
        QVERIFY(std::abs(t.outliers[0].ratio - 1.8) < 1e-9);
    }
    void scatterIsNotAnOutlier() {
        // an op type whose cost the element count does not explain: ±60 % around the line, no outlier
        shapes::OpShapeTable t;
        const double wiggle[] = {1.6, 0.7, 1.3, 0.62, 1.5, 0.8, 1.55, 0.65, 1.4, 0.75};
        for (int i = 1; i <= 10; ++i) {
            shapes::ShapeRow r;
            r.inputShapes = std::to_string(i) + ",64";
            r.count = 5;
            r.elements = int64_t(i) * 64;
            r.medianNs = 100.0 * double(r.elements) * wiggle[i - 1];
            t.shapes.push_back(r);
        }
        shapes::judgeShapes(t);
        QCOMPARE(t.outliers.size(), size_t(0));
    }
    void fewSizesMakeNoModel() {
        QVERIFY(!shapes::fitWorkModel({{1, 10}, {2, 20}, {3, 90}}));
        QVERIFY(shapes::fitWorkModel({{1, 10}, {2, 20}, {3, 30}, {4, 40}, {5, 50}}));
    }
    void kernelDetailsQuoting() {
        std::string dir = test::tempDir("shapes-import");
        test::writeFile(dir + "/r_ascend_pt/profiler_info_0.json", "{\"rank_id\": 0}");
        test::writeFile(
            dir + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
            "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Input Shapes,Input Data Types\n"
            "1,mm1,MatMulV2,AI_CORE,1736408883704643.212\t,5.5,\"\"\"4096,4096;4096,4096\"\"\",FLOAT16;"
            "FLOAT16\n"
            "1,mm2,MatMulV2,AI_CORE,1736408883704650,6.5,\"\"\"4096,4096;4096,4096\"\"\",FLOAT16;FLOAT16\n"
            "1,add,Add,AI_VECTOR_CORE,1736408883704660,1,N/A,N/A\n");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT op_type, input_shapes, input_dtypes, count(*), sum(dur_ns) FROM "
                         "kernel_shapes GROUP BY 1, 2, 3"),
                 std::vector<std::string>{"MatMulV2|4096,4096;4096,4096|FLOAT16;FLOAT16|2|12000"});
        auto tables = shapes::loadShapeTables(*ix.db, {});
        QCOMPARE(tables.size(), size_t(1));
        QCOMPARE(tables[0].shapes[0].medianNs, 5500.0); // the lower of 5.5 and 6.5 µs, a kernel's
        QCOMPARE(tables[0].shapes[0].elements, int64_t(2) * 4096 * 4096);
    }
    void kinetoKernelsTakeTheirOpsInputs() {
        // the kernel before and after its op in the file; one op with a tensor list (no single shape)
        std::string dir = test::tempDir("shapes-kineto");
        test::writeFile(
            dir + "/rank-0.pt.trace.json",
            "{\"traceEvents\": [\n"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_a\",\"pid\":0,\"tid\":7,\"ts\":100,\"dur\":5,"
            "\"args\":{\"External id\":7,\"correlation\":70}},\n"
            "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":1,\"ts\":90,\"dur\":20,"
            "\"args\":{\"External id\":7,\"Input Dims\":[[4, 512], [512, 512]],\"Input type\":[\"float\", "
            "\"float\"]}},\n"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_a\",\"pid\":0,\"tid\":7,\"ts\":120,\"dur\":7,"
            "\"args\":{\"External id\":7}},\n"
            "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::_foreach_add_\",\"pid\":1,\"tid\":1,\"ts\":"
            "130,\"dur\":20,"
            "\"args\":{\"External id\":8,\"Input Dims\":[[[128], [128]], [[128], [128]]],\"Input "
            "type\":[\"TensorList\", \"TensorList\"]}},\n"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"foreach_k\",\"pid\":0,\"tid\":7,\"ts\":140,\"dur\":"
            "3,"
            "\"args\":{\"External id\":8}}\n"
            "], \"baseTimeNanoseconds\": 1700000000000000000}");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows(
                "SELECT input_shapes, input_dtypes, count(*), sum(dur_ns) FROM kernel_shapes GROUP BY 1, 2"),
            std::vector<std::string>{"4,512;512,512|float;float|2|12000"});
        QCOMPARE(QString::fromStdString(import::KernelInputs::dimsText("[[4, 512], [512], []]")),
                 QString("4,512;512;"));
        QVERIFY(import::KernelInputs::dimsText("[[[1], [2]]]").empty());
        QCOMPARE(QString::fromStdString(import::KernelInputs::typesText("[\"float\", \"Scalar\"]")),
                 QString("float;Scalar"));
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present: the real Kineto trace is not checked");
        // independent count (Python over the HTA AMD trace): 14 kernels share an External id with a cpu_op
        // that has Input Dims; one of those ops takes tensor lists, so 13 kernels get a shape
        auto real = test::indexDir(samples + "/hta/tests/data/amd_trace", false);
        QVERIFY(real.result.ok);
        QCOMPARE(real.scalar("SELECT count(*) FROM kernel_shapes"), int64_t(13));
    }
    void demoSweepNamesTheBadTiling() {
        std::string dir = test::tempDir("shapes-demo") + "/p";
        QString err;
        QCOMPARE(test::runRankscope({"demo", QString::fromStdString(dir), "--ranks", "2", "--steps", "8",
                                     "--layers", "2", "--shape-sweep", "--quiet"},
                                    nullptr, &err),
                 0);
        auto ix = test::indexDir(dir);
        QVERIFY(ix.result.ok);
        int outliers = 0;
        for (const auto& t : shapes::loadShapeTables(*ix.db, {})) {
            QCOMPARE(t.shapes.size(), size_t(8)); // 8 sequence lengths
            // r50d #5: the figures pool both ranks' kernels, and say so (a rank's median is the Op summary's)
            QCOMPARE(t.ranks, 2);
            for (const auto& s : t.shapes)
                QCOMPARE(s.ranks, 2);
            for (const auto& o : t.outliers) {
                ++outliers;
                QCOMPARE(t.opType, std::string("MatMulV2"));
                QCOMPARE(o.inputShapes, std::string("8,1536,4096;4096,4096"));
                QVERIFY2(std::abs(o.ratio - 1.8) < 0.1, qPrintable(QString::number(o.ratio)));
            }
        }
        QCOMPARE(outliers, 1);
        // the JSON the command prints
        QString out;
        QCOMPARE(
            test::runRankscope(
                {"shapes", QString::fromStdString(dir), "--op", "MatMulV2", "--json", "--quiet"}, &out, &err),
            0);
        auto j = nlohmann::json::parse(out.toStdString());
        QCOMPARE(j["op_types"].size(), size_t(1));
        QCOMPARE(j["op_types"][0]["outliers"][0]["input_shapes"].get<std::string>(),
                 std::string("8,1536,4096;4096,4096"));
        QCOMPARE(j["op_types"][0]["shapes"].size(), size_t(8));
        QCOMPARE(j["op_types"][0]["ranks"].get<int>(), 2);
        QCOMPARE(j["op_types"][0]["shapes"][0]["ranks"].get<int>(), 2);
        QCOMPARE(test::runRankscope({"shapes", QString::fromStdString(dir), "--op", "MatMulV2", "--quiet"},
                                    &out, &err),
                 0);
        QVERIFY2(out.contains("median (lower middle) and p95 pooled over 2 ranks"), qPrintable(out));
        // every kernel of the outlier's shape, as spans the timeline can highlight: as many as the shape rows
        // counted with plain SQL, each a MatMulV2 span of the recorded start and duration
        const std::string shape = "8,1536,4096;4096,4096";
        const auto dtypes =
            ix.rows("SELECT DISTINCT input_dtypes FROM kernel_shapes WHERE input_shapes = '" + shape + "'");
        QCOMPARE(dtypes.size(), size_t(1));
        const int64_t expected =
            ix.scalar("SELECT count(*) FROM kernel_shapes WHERE op_type = 'MatMulV2' AND input_shapes = '" +
                      shape + "'");
        QVERIFY(expected > 0);
        std::vector<int64_t> tracks;
        const auto spans = query::shapeKernelSpans(*ix.db, 0, "MatMulV2", shape, dtypes[0], 100000, &tracks);
        QCOMPARE(int64_t(spans.size()), expected);
        QCOMPARE(tracks.size(), spans.size());
        for (const auto& sp : spans) {
            const auto row =
                ix.rows("SELECT op_type FROM spans WHERE span_id = " + std::to_string(sp.spanId));
            QCOMPARE(row.at(0), std::string("MatMulV2"));
            QCOMPARE(ix.scalar("SELECT count(*) FROM kernel_shapes WHERE input_shapes = '" + shape +
                               "' AND ts_ns = " + std::to_string(sp.startNs) +
                               " AND dur_ns = " + std::to_string(sp.endNs - sp.startNs)),
                     int64_t(1));
        }
        QVERIFY(query::shapeKernelSpans(*ix.db, 0, "MatMulV2", "1,2,3", dtypes[0], 100, nullptr).empty());
    }
    void realKernelDetails() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1", false);
        QVERIFY(ix.result.ok);
        // independent count (Python over rank 0's kernel_details.csv): 174 of its 191 kernels carry shapes
        // in 126 (type, shapes, dtypes) groups; TransData 32,256,13,13 FLOAT has 8, lower median the 4th of
        // 12.98 13.52 15.54 16.64 16.84 17.68 21.38 27.181 µs
        QCOMPARE(ix.scalar("SELECT count(*) FROM kernel_shapes WHERE rank = 0"), int64_t(174));
        shapes::ShapeQuery q;
        q.dataRank = 0;
        size_t groups = 0;
        for (const auto& t : shapes::loadShapeTables(*ix.db, q)) {
            groups += t.shapes.size();
            if (t.opType != "TransData") continue;
            auto it = std::find_if(t.shapes.begin(), t.shapes.end(),
                                   [](auto& s) { return s.inputShapes == "32,256,13,13"; });
            QVERIFY(it != t.shapes.end());
            QCOMPARE(it->count, int64_t(8));
            QCOMPARE(it->medianNs, 16640.0);
            QCOMPARE(it->ranks, 1); // --rank 0: one rank's kernels, nothing pooled
        }
        QCOMPARE(groups, size_t(126));
        // the kernels of that group on the timeline: 16 on both ranks (Python over both kernel_details.csv),
        // each once — not again on the overlap-analysis lane, where torch_npu draws every kernel too
        std::vector<int64_t> tracks;
        const auto spans =
            query::shapeKernelSpans(*ix.db, 0, "TransData", "32,256,13,13", "FLOAT", 1000, &tracks);
        QCOMPARE(spans.size(), size_t(16));
        QCOMPARE(std::set<int64_t>(tracks.begin(), tracks.end()).size(), size_t(2)); // one stream per rank
    }
};

QTEST_GUILESS_MAIN(TstShapes)
#include "tst_shapes.moc"
