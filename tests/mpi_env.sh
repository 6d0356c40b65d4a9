# Sourced by the MPI tests (mpi_diff_test.sh, mpi_check_test.sh) with the build's HAVE_MPI in
# $have_mpi: skips the test (exit 77) without mpirun or without MPI in the build, and lets
# OpenMPI run as root, as CI runs it.
if ! command -v mpirun >/dev/null; then echo "mpirun not found: skipped"; exit 77; fi
if [ "$have_mpi" != 1 ]; then echo "built without MPI: skipped"; exit 77; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
