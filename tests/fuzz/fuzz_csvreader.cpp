// libFuzzer target: the streaming CSV reader (quotes, multi-line cells, CRLF, BOM) and header lookup.
#include "core/io/bytesource.h"
#include "core/io/csvreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto src = rs::io::memorySource({reinterpret_cast<const char*>(data), size});
    rs::io::CsvReader reader(*src);
    reader.setDropUnendedTail(size % 2 == 0);
    if (!reader.next()) return 0;
    rs::io::CsvHeader header(reader.fields());
    int col = header.find({"Name", "Start Time(us)"});
    while (reader.next())
        (void)rs::io::cell(reader.fields(), col);
    return 0;
}
