// Sampler objects through the ICD loader: creation both ways, every query, the error codes of
// OpenCL 3.0 §5.4, reference counts and threads.
#include "api/RuntimeTest.h"

#include <thread>
#include <vector>

namespace weft::test {
namespace {

using SamplerApi = RuntimeTest;

template <class T> T samplerValue(cl_sampler S, cl_sampler_info Name) {
  T Value{};
  size_t Size = 0;
  EXPECT_EQ(clGetSamplerInfo(S, Name, sizeof Value, &Value, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, sizeof Value);
  return Value;
}

TEST_F(SamplerApi, CreateSamplerReportsItsModes) {
  for (cl_bool Normalized : {CL_FALSE, CL_TRUE})
    for (cl_addressing_mode A = CL_ADDRESS_NONE; A <= CL_ADDRESS_MIRRORED_REPEAT; ++A)
      for (cl_filter_mode F : {CL_FILTER_NEAREST, CL_FILTER_LINEAR}) {
        cl_int Err = 1;
        cl_sampler S = clCreateSampler(Ctx, Normalized, A, F, &Err);
        ASSERT_EQ(Err, CL_SUCCESS);
        EXPECT_EQ(samplerValue<cl_bool>(S, CL_SAMPLER_NORMALIZED_COORDS), Normalized);
        EXPECT_EQ(samplerValue<cl_addressing_mode>(S, CL_SAMPLER_ADDRESSING_MODE), A);
        EXPECT_EQ(samplerValue<cl_filter_mode>(S, CL_SAMPLER_FILTER_MODE), F);
        EXPECT_EQ(samplerValue<cl_context>(S, CL_SAMPLER_CONTEXT), Ctx);
        EXPECT_EQ(samplerValue<cl_uint>(S, CL_SAMPLER_REFERENCE_COUNT), 1u);
        // A sampler made without a property list has none.
        size_t Size = 99;
        EXPECT_EQ(clGetSamplerInfo(S, CL_SAMPLER_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
        EXPECT_EQ(Size, 0u);
        EXPECT_EQ(clReleaseSampler(S), CL_SUCCESS);
      }
}

TEST_F(SamplerApi, PropertiesGiveModesDefaultsAndTheListBack) {
  cl_int Err = 1;
  // Defaults: normalized coordinates, clamp, nearest.
  const cl_sampler_properties Empty[] = {0};
  for (bool GivesList : {false, true}) {
    cl_sampler S = clCreateSamplerWithProperties(Ctx, GivesList ? Empty : nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    EXPECT_EQ(samplerValue<cl_bool>(S, CL_SAMPLER_NORMALIZED_COORDS), cl_bool(CL_TRUE));
    EXPECT_EQ(samplerValue<cl_addressing_mode>(S, CL_SAMPLER_ADDRESSING_MODE),
              cl_addressing_mode(CL_ADDRESS_CLAMP));
    EXPECT_EQ(samplerValue<cl_filter_mode>(S, CL_SAMPLER_FILTER_MODE),
              cl_filter_mode(CL_FILTER_NEAREST));
    size_t Size = 99;
    EXPECT_EQ(clGetSamplerInfo(S, CL_SAMPLER_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
    EXPECT_EQ(Size, GivesList ? sizeof(cl_sampler_properties) : 0u);
    clReleaseSampler(S);
  }
  const cl_sampler_properties Props[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                         CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
                                         CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_MIRRORED_REPEAT, 0};
  cl_sampler S = clCreateSamplerWithProperties(Ctx, Props, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(samplerValue<cl_bool>(S, CL_SAMPLER_NORMALIZED_COORDS), cl_bool(CL_FALSE));
  EXPECT_EQ(samplerValue<cl_addressing_mode>(S, CL_SAMPLER_ADDRESSING_MODE),
            cl_addressing_mode(CL_ADDRESS_MIRRORED_REPEAT));
  EXPECT_EQ(samplerValue<cl_filter_mode>(S, CL_SAMPLER_FILTER_MODE),
            cl_filter_mode(CL_FILTER_LINEAR));
  cl_sampler_properties Back[8] = {};
  size_t Size = 0;
  EXPECT_EQ(clGetSamplerInfo(S, CL_SAMPLER_PROPERTIES, sizeof Back, Back, &Size), CL_SUCCESS);
  ASSERT_EQ(Size, sizeof Props);
  for (size_t I = 0; I < std::size(Props); ++I)
    EXPECT_EQ(Back[I], Props[I]) << I;
  // A buffer too small for the answer.
  EXPECT_EQ(clGetSamplerInfo(S, CL_SAMPLER_PROPERTIES, sizeof Props - 1, Back, nullptr),
            CL_INVALID_VALUE);
  clReleaseSampler(S);
}

TEST_F(SamplerApi, ErrorsFollowTheSpec) {
  cl_int Err = 0;
  EXPECT_EQ(clCreateSampler(nullptr, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
  EXPECT_EQ(clCreateSampler(Ctx, CL_TRUE, CL_ADDRESS_NONE - 1, CL_FILTER_NEAREST, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSampler(Ctx, CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT + 1, CL_FILTER_NEAREST, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSampler(Ctx, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR + 1, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSampler(Ctx, 7, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);

  // An unknown property, a bad value, a property given twice.
  const cl_sampler_properties Unknown[] = {CL_SAMPLER_LOD_MIN_KHR, 0, 0};
  const cl_sampler_properties BadValue[] = {CL_SAMPLER_FILTER_MODE, CL_ADDRESS_CLAMP, 0};
  const cl_sampler_properties Twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                         CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  for (const cl_sampler_properties *P : {Unknown, BadValue, Twice}) {
    Err = 0;
    EXPECT_EQ(clCreateSamplerWithProperties(Ctx, P, &Err), nullptr);
    EXPECT_EQ(Err, CL_INVALID_VALUE);
  }
  EXPECT_EQ(clCreateSamplerWithProperties(reinterpret_cast<cl_context>(Device), nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);

  cl_sampler S = clCreateSampler(Ctx, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_uint Value;
  EXPECT_EQ(clGetSamplerInfo(S, 0x7777, sizeof Value, &Value, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetSamplerInfo(S, CL_SAMPLER_REFERENCE_COUNT, 1, &Value, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetSamplerInfo(nullptr, CL_SAMPLER_REFERENCE_COUNT, sizeof Value, &Value, nullptr),
            CL_INVALID_SAMPLER);
  EXPECT_EQ(clGetSamplerInfo(reinterpret_cast<cl_sampler>(Ctx), CL_SAMPLER_REFERENCE_COUNT,
                             sizeof Value, &Value, nullptr),
            CL_INVALID_SAMPLER);
  EXPECT_EQ(clRetainSampler(nullptr), CL_INVALID_SAMPLER);
  EXPECT_EQ(clReleaseSampler(nullptr), CL_INVALID_SAMPLER);
  EXPECT_EQ(clReleaseSampler(S), CL_SUCCESS);
}

TEST_F(SamplerApi, ReferenceCountsAndTheContextOutliveTheApplicationsHandles) {
  cl_int Err;
  cl_context C = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_sampler S = clCreateSampler(C, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(clRetainSampler(S), CL_SUCCESS);
  EXPECT_EQ(samplerValue<cl_uint>(S, CL_SAMPLER_REFERENCE_COUNT), 2u);
  // The sampler keeps its context: released by the application, still its sampler's.
  EXPECT_EQ(clReleaseContext(C), CL_SUCCESS);
  EXPECT_EQ(samplerValue<cl_context>(S, CL_SAMPLER_CONTEXT), C);
  EXPECT_EQ(clReleaseSampler(S), CL_SUCCESS);
  EXPECT_EQ(samplerValue<cl_uint>(S, CL_SAMPLER_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clReleaseSampler(S), CL_SUCCESS);
}

TEST_F(SamplerApi, SamplersFromManyThreadsAtOnce) {
  std::vector<std::thread> Threads;
  std::vector<int> Failures(8, 0);
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&, T] {
      for (int I = 0; I < 200; ++I) {
        cl_int Err;
        const cl_addressing_mode A = CL_ADDRESS_NONE + (I + T) % 5;
        cl_sampler S = clCreateSampler(Ctx, I % 2, A, CL_FILTER_NEAREST, &Err);
        cl_addressing_mode Back = 0;
        if (Err != CL_SUCCESS ||
            clGetSamplerInfo(S, CL_SAMPLER_ADDRESSING_MODE, sizeof Back, &Back, nullptr) !=
                CL_SUCCESS ||
            Back != A || clRetainSampler(S) != CL_SUCCESS || clReleaseSampler(S) != CL_SUCCESS ||
            clReleaseSampler(S) != CL_SUCCESS)
          ++Failures[T];
      }
    });
  for (std::thread &T : Threads)
    T.join();
  for (int T = 0; T < 8; ++T)
    EXPECT_EQ(Failures[T], 0) << "thread " << T;
}

} // namespace
} // namespace weft::test
