// printf for kernels: OpenCL C's conversion specifications turned into C's, one element at a time.
#include "device-cpu/Printf.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace weft::cpu {

bool PrintfBuffer::append(std::string_view Out) {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Text.size() + Out.size() > Capacity)
    return false;
  Text += Out;
  return true;
}

void PrintfBuffer::flush() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Text.empty())
    return;
  std::fwrite(Text.data(), 1, Text.size(), stdout);
  std::fflush(stdout);
  Text.clear();
}

namespace {

// Vector arguments arrive as the x86-64 psABI passes a vector of their size to a variadic
// function (as Clang passes them for the baseline target kernels are compiled for): up to 4
// bytes as an integer, 8 and 16 bytes in an SSE register, larger ones in memory at their own
// alignment.
typedef float V16 __attribute__((vector_size(16)));
typedef float V32 __attribute__((vector_size(32), aligned(32)));
typedef float V64 __attribute__((vector_size(64), aligned(64)));
typedef double V128 __attribute__((vector_size(128), aligned(128)));

/// Reads a vector of Bytes bytes from Args into Into.
bool readVector(va_list Args, size_t Bytes, unsigned char *Into) {
  if (Bytes <= 4) {
    unsigned V = va_arg(Args, unsigned);
    std::memcpy(Into, &V, Bytes);
  } else if (Bytes == 8) {
    double V = va_arg(Args, double);
    std::memcpy(Into, &V, 8);
  } else if (Bytes == 16) {
    V16 V = va_arg(Args, V16);
    std::memcpy(Into, &V, 16);
  } else if (Bytes == 32) {
    V32 V = va_arg(Args, V32);
    std::memcpy(Into, &V, 32);
  } else if (Bytes == 64) {
    V64 V = va_arg(Args, V64);
    std::memcpy(Into, &V, 64);
  } else if (Bytes == 128) {
    V128 V = va_arg(Args, V128);
    std::memcpy(Into, &V, 128);
  } else {
    return false;
  }
  return true;
}

void appendFormatted(std::string &Out, const std::string &Spec, auto Value) {
  char Small[128];
  int N = std::snprintf(Small, sizeof Small, Spec.c_str(), Value);
  if (N < 0)
    return;
  if (size_t(N) < sizeof Small) {
    Out.append(Small, size_t(N));
    return;
  }
  std::string Big(size_t(N) + 1, '\0');
  std::snprintf(Big.data(), Big.size(), Spec.c_str(), Value);
  Out.append(Big.data(), size_t(N));
}

/// One element of Size bytes at P, as an integer (sign-extended for d and i) or a double.
long long integerAt(const unsigned char *P, size_t Size, bool Signed) {
  switch (Size) {
  case 1: return Signed ? (long long)(signed char)P[0] : (long long)P[0];
  case 2: { short S; std::memcpy(&S, P, 2); return Signed ? (long long)S : (long long)(unsigned short)S; }
  case 4: { int I; std::memcpy(&I, P, 4); return Signed ? (long long)I : (long long)(unsigned)I; }
  default: { long long L; std::memcpy(&L, P, 8); return L; }
  }
}

/// The value of a half's bits (exact in double).
double halfValue(const unsigned char *P) {
  unsigned short H;
  std::memcpy(&H, P, 2);
  const int Exponent = (H >> 10) & 31, Mantissa = H & 1023;
  const double Sign = (H & 0x8000) ? -1.0 : 1.0;
  if (Exponent == 31)
    return Mantissa ? std::copysign(std::numeric_limits<double>::quiet_NaN(), Sign) : Sign * HUGE_VAL;
  if (Exponent == 0)
    return Sign * std::ldexp(double(Mantissa), -24);
  return Sign * std::ldexp(double(1024 + Mantissa), Exponent - 25);
}

} // namespace

bool formatPrintf(std::string &Out, const char *Format, va_list Args) {
  for (const char *P = Format; *P;) {
    if (*P != '%') {
      Out += *P++;
      continue;
    }
    if (P[1] == '%') {
      Out += '%';
      P += 2;
      continue;
    }
    ++P;
    std::string Flags, Width, Precision;
    while (*P && std::strchr("-+ #0", *P))
      Flags += *P++;
    while (*P >= '0' && *P <= '9')
      Width += *P++;
    if (*P == '.') {
      Precision += *P++;
      while (*P >= '0' && *P <= '9')
        Precision += *P++;
    }
    unsigned Lanes = 0;
    if (*P == 'v') {
      ++P;
      while (*P >= '0' && *P <= '9')
        Lanes = Lanes * 10 + unsigned(*P++ - '0');
      if (Lanes != 2 && Lanes != 3 && Lanes != 4 && Lanes != 8 && Lanes != 16)
        return false;
    }
    size_t Size = 0; // the length modifier's element size; 0 for none
    if (P[0] == 'h' && P[1] == 'h')
      Size = 1, P += 2;
    else if (P[0] == 'h' && P[1] == 'l')
      Size = 4, P += 2;
    else if (P[0] == 'h')
      Size = 2, P += 1;
    else if (P[0] == 'l')
      Size = 8, P += 1;
    const char Conversion = *P ? *P++ : '\0';
    const bool Integer = std::strchr("diouxX", Conversion) && Conversion;
    const bool Real = std::strchr("fFeEgGaA", Conversion) && Conversion;
    const std::string Head = "%" + Flags + Width + Precision;
    if (Lanes) {
      // A vector needs a length modifier (hl for 32-bit elements, h for half's).
      if (!Size || !(Integer || Real) || (Real && Size < 2))
        return false;
      unsigned char Bytes[128];
      const size_t Stored = (Lanes == 3 ? 4 : Lanes) * Size;
      if (!readVector(Args, Stored, Bytes))
        return false;
      for (unsigned I = 0; I < Lanes; ++I) {
        if (I)
          Out += ',';
        const unsigned char *E = Bytes + I * Size;
        if (Integer) {
          appendFormatted(Out, Head + "ll" + Conversion,
                          integerAt(E, Size, Conversion == 'd' || Conversion == 'i'));
        } else if (Size == 2) {
          appendFormatted(Out, Head + Conversion, halfValue(E));
        } else if (Size == 4) {
          float F;
          std::memcpy(&F, E, 4);
          appendFormatted(Out, Head + Conversion, double(F));
        } else {
          double D;
          std::memcpy(&D, E, 8);
          appendFormatted(Out, Head + Conversion, D);
        }
      }
      continue;
    }
    if (Size == 4) // hl is for vectors only
      return false;
    if (Integer) {
      const bool Signed = Conversion == 'd' || Conversion == 'i';
      long long V = Size == 8 ? va_arg(Args, long long) : (long long)va_arg(Args, int);
      if (Size == 1)
        V = Signed ? (long long)(signed char)V : (long long)(unsigned char)V;
      else if (Size == 2)
        V = Signed ? (long long)(short)V : (long long)(unsigned short)V;
      else if (Size == 0 && !Signed)
        V = (long long)(unsigned)V;
      appendFormatted(Out, Head + "ll" + Conversion, V);
    } else if (Real) {
      appendFormatted(Out, Head + Conversion, va_arg(Args, double));
    } else if (Conversion == 'c' && !Size) {
      appendFormatted(Out, Head + 'c', va_arg(Args, int));
    } else if (Conversion == 's' && !Size) {
      const char *S = va_arg(Args, const char *);
      appendFormatted(Out, Head + 's', S ? S : "(null)");
    } else if (Conversion == 'p' && !Size) {
      appendFormatted(Out, Head + 'p', va_arg(Args, void *));
    } else {
      return false;
    }
  }
  return true;
}

} // namespace weft::cpu
