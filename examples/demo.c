/* weft-demo: finds the Weft platform through the system's ICD loader and describes its devices.
   Exits non-zero if Weft is not installed as a platform. */
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

static const char *platformString(cl_platform_id P, cl_platform_info Query, char *Buf, size_t N) {
  if (clGetPlatformInfo(P, Query, N, Buf, NULL) != CL_SUCCESS)
    snprintf(Buf, N, "?");
  return Buf;
}

int main(void) {
  cl_platform_id Platforms[16];
  cl_uint NumPlatforms = 0;
  cl_int Err = clGetPlatformIDs(16, Platforms, &NumPlatforms);
  if (Err != CL_SUCCESS) {
    fprintf(stderr, "weft-demo: clGetPlatformIDs failed with %d (is an ICD installed?)\n", Err);
    return 1;
  }
  int Found = 0;
  for (cl_uint I = 0; I < NumPlatforms && I < 16; ++I) {
    char Name[256], Version[256];
    platformString(Platforms[I], CL_PLATFORM_NAME, Name, sizeof Name);
    if (strcmp(Name, "Weft") != 0)
      continue;
    Found = 1;
    printf("Platform: %s (%s)\n", Name,
           platformString(Platforms[I], CL_PLATFORM_VERSION, Version, sizeof Version));
    cl_device_id Devices[16];
    cl_uint NumDevices = 0;
    Err = clGetDeviceIDs(Platforms[I], CL_DEVICE_TYPE_ALL, 16, Devices, &NumDevices);
    if (Err != CL_SUCCESS) {
      fprintf(stderr, "weft-demo: clGetDeviceIDs failed with %d\n", Err);
      return 1;
    }
    for (cl_uint D = 0; D < NumDevices && D < 16; ++D) {
      char DevName[256];
      cl_uint Units = 0;
      cl_ulong Mem = 0;
      clGetDeviceInfo(Devices[D], CL_DEVICE_NAME, sizeof DevName, DevName, NULL);
      clGetDeviceInfo(Devices[D], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof Units, &Units, NULL);
      clGetDeviceInfo(Devices[D], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof Mem, &Mem, NULL);
      printf("  Device %u: %s, %u compute units, %llu MiB\n", D, DevName, Units,
             (unsigned long long)(Mem >> 20));
      cl_context Ctx = clCreateContext(NULL, 1, &Devices[D], NULL, NULL, &Err);
      if (!Ctx) {
        fprintf(stderr, "weft-demo: clCreateContext failed with %d\n", Err);
        return 1;
      }
      clReleaseContext(Ctx);
      printf("  Context on device %u: created and released\n", D);
    }
  }
  if (!Found) {
    fprintf(stderr, "weft-demo: no Weft platform among %u platform(s)\n", NumPlatforms);
    return 1;
  }
  return 0;
}
