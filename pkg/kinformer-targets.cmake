# kinformer's CMake targets, one definition for both ways in:
#   CMakeLists.txt (add_subdirectory, FetchContent): _kinformer_include is the
#     source tree, _kinformer_global is GLOBAL (the targets reach the parent);
#   kinformer-config.cmake (find_package): the installed include directory.
#
#   kinformer::kinformer  kinformer.h and jsmn.h on the include path (INTERFACE);
#                         http:// servers only
#   kinformer::tls        the same, with https:// through BearSSL: defines
#                         KINF_TLS_BEARSSL and links BearSSL's library. Defined
#                         when BearSSL is found (unless _kinformer_no_tls)
#
# Cache variables, for a BearSSL or jsmn outside the compiler's paths
# (docs/dependencies.md): KINFORMER_JSMN_INCLUDE_DIR (jsmn.h),
# KINFORMER_BEARSSL_INCLUDE_DIR (bearssl.h), KINFORMER_BEARSSL_LIBRARY.
if(NOT TARGET kinformer::kinformer)
  find_path(KINFORMER_JSMN_INCLUDE_DIR jsmn.h DOC "directory holding jsmn.h (kinformer's JSON tokenizer)")
  set(_kinformer_dirs "${_kinformer_include}")
  if(KINFORMER_JSMN_INCLUDE_DIR)
    list(APPEND _kinformer_dirs "${KINFORMER_JSMN_INCLUDE_DIR}")
  else()
    message(WARNING "kinformer: jsmn.h not found; the file that defines KINFORMER_IMPLEMENTATION "
                    "needs it: set KINFORMER_JSMN_INCLUDE_DIR (docs/dependencies.md)")
  endif()
  add_library(kinformer::kinformer INTERFACE IMPORTED ${_kinformer_global})
  set_target_properties(kinformer::kinformer PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_kinformer_dirs}"
    INTERFACE_COMPILE_FEATURES c_std_99)
endif()

if(NOT TARGET kinformer::tls AND NOT _kinformer_no_tls)
  find_path(KINFORMER_BEARSSL_INCLUDE_DIR bearssl.h DOC "directory holding BearSSL's bearssl.h")
  find_library(KINFORMER_BEARSSL_LIBRARY NAMES bearssl DOC "BearSSL's library (libbearssl.a or .so)")
  if(KINFORMER_BEARSSL_INCLUDE_DIR AND KINFORMER_BEARSSL_LIBRARY)
    add_library(kinformer::tls INTERFACE IMPORTED ${_kinformer_global})
    set_target_properties(kinformer::tls PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${KINFORMER_BEARSSL_INCLUDE_DIR}"
      INTERFACE_COMPILE_DEFINITIONS KINF_TLS_BEARSSL
      INTERFACE_LINK_LIBRARIES "kinformer::kinformer;${KINFORMER_BEARSSL_LIBRARY}")
  endif()
endif()
