// printf for kernels (OpenCL C 3.0 §6.15.14): each call formats its output at once, with OpenCL's
// conversions (vectors: %v4hlf and the like), and appends it to its command's buffer, which the
// executor writes to stdout when the command completes. Output of one work-item stays in order.
#pragma once

#include <cstdarg>
#include <mutex>
#include <string>
#include <string_view>

namespace weft::cpu {

/// One command's printf output, at most Capacity bytes (CL_DEVICE_PRINTF_BUFFER_SIZE).
class PrintfBuffer {
public:
  explicit PrintfBuffer(size_t Capacity) : Capacity(Capacity) {}
  /// False (and nothing kept) when Text does not fit in what is left.
  bool append(std::string_view Text);
  /// Writes what was printed to stdout and empties the buffer.
  void flush();

private:
  std::mutex Lock;
  std::string Text;
  size_t Capacity;
};

/// The format of one printf call with its arguments, as OpenCL C defines the conversions; false
/// (Out unspecified) for a format OpenCL C does not allow.
bool formatPrintf(std::string &Out, const char *Format, va_list Args);

} // namespace weft::cpu
