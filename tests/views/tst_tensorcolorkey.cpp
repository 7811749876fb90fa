// The memory map's colour key (views/memory/tensorcolorkey.h): every keyed op's colour far from every other
// one's and from the neutral "other ops" grey (CIE76 ΔE computed here from sRGB, independently of Qt); the
// hues by the profile's op order (most bytes over all ranks), the same op one colour in every window (pixels)
// and on every rank (the demo's AllReduce was yellow on rank 3, green on rank 6), the key listing the
// window's ops; every op not keyed in the grey, named in the key; and the canvas paints with the key
// (pixels), so no colour means two ops (walk 16: near-identical greens on the demo's rank 6, text/level1's
// unkeyed aten::addmm in aten::_foreach_add's colour).
#include "tests/support/testsupport.h"
#include "views/common/elidedlabel.h"
#include "views/common/interactionstate.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/memory/tensorcolorkey.h"

#include <QLabel>
#include <QPainter>
#include <QtTest>
#include <array>
#include <cmath>

using namespace rs;

namespace {
constexpr int64_t kMs = 1000000;

/// CIE L*a*b* (D65) of an sRGB colour.
std::array<double, 3> lab(const QColor& c) {
    const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const double r = lin(c.redF()), g = lin(c.greenF()), b = lin(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
                 y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
                 z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double deltaE(const QColor& a, const QColor& b) {
    const auto p = lab(a), q = lab(b);
    return std::sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) +
                     (p[2] - q[2]) * (p[2] - q[2]));
}

query::TensorItem tensor(const std::string& op, int64_t bytes, uint64_t addr, int64_t alloc, int64_t free) {
    query::TensorItem t;
    t.tensorId = op + std::to_string(addr);
    t.opName = op;
    t.sizeBytes = bytes;
    t.addr = addr;
    t.allocNs = alloc;
    t.freeNs = free;
    return t;
}

/// "big" has 64 MiB alive 0–1 ms, "small" 1 MiB alive 1–10 ms: over the run big weighs more
/// (64 MiB × 1 ms > 1 MiB × 9 ms); in a window of 5–10 ms only small is drawn.
std::shared_ptr<query::MemoryMapData> bigThenSmall() {
    auto d = std::make_shared<query::MemoryMapData>();
    d->hasAddresses = true;
    d->startNs = 0;
    d->endNs = 10 * kMs;
    d->tensors = {tensor("big", 64 << 20, 0, 0, kMs), tensor("small", 1 << 20, 1u << 30, kMs, 10 * kMs)};
    return d;
}

/// Twelve ops, one tensor each, op k of (12 − k) MiB alive 0–10 ms, one above the other.
std::shared_ptr<query::MemoryMapData> twelveOps() {
    auto d = std::make_shared<query::MemoryMapData>();
    d->rank = 0;
    d->hasAddresses = true;
    d->startNs = 0;
    d->endNs = 10 * kMs;
    for (int k = 0; k < 12; ++k)
        d->tensors.push_back(
            tensor("op" + std::to_string(k), int64_t(12 - k) << 20, uint64_t(k) * (16u << 20), 0, 10 * kMs));
    return d;
}
} // namespace

class TstTensorColorKey : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void everyColourFarFromEveryOther() {
        std::vector<QColor> all = views::TensorColorKey::palette();
        QVERIFY(all.size() >= 8);
        all.push_back(views::TensorColorKey::otherColor());
        for (size_t i = 0; i < all.size(); ++i)
            for (size_t j = i + 1; j < all.size(); ++j)
                QVERIFY2(deltaE(all[i], all[j]) >= 30, qPrintable(QString("%1 and %2: ΔE %3")
                                                                      .arg(all[i].name(), all[j].name())
                                                                      .arg(deltaE(all[i], all[j]))));
    }
    void keyedByWhatTheWindowDraws() {
        const auto d = bigThenSmall();
        const auto whole = views::TensorColorKey::of(*d, 0, 10 * kMs);
        QCOMPARE(whole.keyed().size(), size_t(2));
        QCOMPARE(whole.keyed()[0].op, std::string("big"));
        const auto late = views::TensorColorKey::of(*d, 5 * kMs, 10 * kMs);
        QCOMPARE(late.keyed().size(), size_t(1));
        QCOMPARE(late.keyed()[0].op, std::string("small"));
        QCOMPARE(late.otherOps(), size_t(0)); // big is not drawn there: neither keyed nor "other"
    }
    void oneOpOneColourInEveryWindow() {
        // walk18a #2: ranked by the window, rank 6's AllReduce was green at Fit, brown at 23.9 ms and red at
        // 67 µs. Here "small" is second over the run; alone in the 5-10 ms window it must keep its colour,
        // on the canvas's pixels as in the key.
        const auto d = bigThenSmall();
        const QColor whole = views::TensorColorKey::of(*d, 0, 10 * kMs).colorOf("small");
        QCOMPARE(whole, views::TensorColorKey::palette()[1]);
        QCOMPARE(views::TensorColorKey::of(*d, 5 * kMs, 10 * kMs).colorOf("small"), whole);
        views::InteractionState state;
        state.setBounds(0, 10 * kMs);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 700);
        view.show();
        view.setData(d);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (auto [t0, t1] : {std::pair<int64_t, int64_t>{0, 10 * kMs}, {5 * kMs, 10 * kMs}}) {
            state.setWindow(t0, t1);
            auto* canvas = view.canvas();
            QCOMPARE(canvas->colorKey().keyed().back().color, whole);
            const QImage img = canvas->grab().toImage();
            const QPointF c = canvas->barRect(1).center() * img.devicePixelRatio();
            QCOMPARE(QColor(img.pixel(c.toPoint())).name(), whole.name());
        }
    }
    void opsNotKeyedShareTheNeutralColour() {
        const auto d = twelveOps();
        const auto k = views::TensorColorKey::of(*d, 0, 10 * kMs);
        QCOMPARE(k.keyed().size(), size_t(8));
        QCOMPARE(k.otherOps(), size_t(4));
        for (int i = 0; i < 8; ++i) { // most bytes first, each its own palette colour
            QCOMPARE(k.keyed()[size_t(i)].op, "op" + std::to_string(i));
            QCOMPARE(k.colorOf("op" + std::to_string(i)), views::TensorColorKey::palette()[size_t(i)]);
        }
        for (int i = 8; i < 12; ++i)
            QCOMPARE(k.colorOf("op" + std::to_string(i)), views::TensorColorKey::otherColor());
        const QString html = k.html();
        QVERIFY2(html.contains("other ops (4)") && html.contains(views::TensorColorKey::otherColor().name()),
                 qPrintable(html));
        QVERIFY(!html.contains("op8") && html.contains("op7"));
    }
    void oneOpOneColourOnEveryRank() {
        // The demo's AllReduce was yellow on rank 3 and green on rank 6 (hues ranked per rank by bytes ×
        // time): two ranks' maps side by side read as two ops. Every rank's key of its whole run, as the app
        // and `rankscope export --view memory` load it, gives each op the colour of its place in the
        // profile's order — MatMulV2 first, AllReduce fifth (the Python count of tst_tensoroporder).
        const std::string dir = test::tempDir("tensorcolorkey-demo") + "/demo";
        const std::string err = test::writeDemo(dir, test::demoOptions(8, 20, 4));
        QVERIFY2(err.empty(), err.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        std::map<std::string, QString> colours; // op → colour name, from the first rank keying it
        QString html;
        for (int rank = 0; rank < 8; ++rank) {
            const auto d = query::loadMemoryMap(*ix.db, rank);
            const auto key = views::TensorColorKey::of(d, d.startNs, d.endNs);
            QCOMPARE(key.keyed().size(), size_t(8));
            for (const auto& e : key.keyed()) {
                auto [it, first] = colours.emplace(e.op, e.color.name());
                QVERIFY2(first || it->second == e.color.name(),
                         qPrintable(QString("rank %1: %2 in %3, elsewhere %4")
                                        .arg(rank)
                                        .arg(QString::fromStdString(e.op), e.color.name(), it->second)));
            }
            html = key.html();
        }
        QVERIFY2(html.contains("over all ranks, the same on every rank"), qPrintable(html));
        QCOMPARE(colours.at("MatMulV2"), views::TensorColorKey::palette()[0].name());
        QCOMPARE(colours.at("AllReduce"), views::TensorColorKey::palette()[4].name());
        QCOMPARE(colours.at("KVCache"), views::TensorColorKey::palette()[7].name());
    }
    void theProfilesOrderOutranksTheRanksOwn() {
        // a rank holding few bytes of the profile's first op still draws it in the first hue
        auto d = bigThenSmall();
        d->opOrder = {"small", "big"};
        const auto k = views::TensorColorKey::of(*d, 0, 10 * kMs);
        QCOMPARE(k.colorOf("small"), views::TensorColorKey::palette()[0]);
        QCOMPARE(k.colorOf("big"), views::TensorColorKey::palette()[1]);
        QCOMPARE(k.keyed().front().op, std::string("small")); // the key lists the hues in palette order
    }
    void theCanvasAndItsPicturePaintTheKey() {
        views::InteractionState state;
        state.setBounds(0, 10 * kMs);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 700);
        view.show();
        view.setData(twelveOps());
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* canvas = view.canvas();
        const auto& key = canvas->colorKey();
        QCOMPARE(view.legend()->fullText(), key.html());
        const QImage img = canvas->grab().toImage();
        const double dpr = img.devicePixelRatio();
        for (size_t i = 0; i < canvas->data()->tensors.size(); ++i) {
            const auto& t = canvas->data()->tensors[i];
            const QPointF c = canvas->barRect(i).center() * dpr;
            const QColor want = key.colorOf(t.opName);
            QCOMPARE(QColor(img.pixel(c.toPoint())).name(), want.name());
            if (i >= 8) QCOMPARE(want, views::TensorColorKey::otherColor());
        }
        // the picture (File ▸ Export and `rankscope export` render the view) carries the same key swatches
        QImage pic(view.size(), QImage::Format_RGB32);
        pic.fill(Qt::white);
        {
            QPainter p(&pic);
            view.renderPicture(p);
        }
        const QRect keyRect = view.legend()->geometry();
        for (const QColor& want : {key.keyed().front().color, views::TensorColorKey::otherColor()}) {
            int swatch = 0;
            for (int y = keyRect.top(); y <= keyRect.bottom(); ++y)
                for (int x = keyRect.left(); x <= keyRect.right(); ++x)
                    swatch += QColor(pic.pixel(x, y)).name() == want.name();
            QVERIFY2(swatch > 2, qPrintable(want.name()));
        }
    }
};

QTEST_MAIN(TstTensorColorKey)
#include "tst_tensorcolorkey.moc"
