program records
  implicit none
  ! Initialised here, so kept in static storage: the walk's first stop, at the program's first line,
  ! reads the same values in both runs (not what the stack held).
  character(len=64) :: path = '', line = ''
  character(len=32) :: name = ''
  integer :: unit = 0, status = 0, qty = 0, total = 0, index = 0

  call get_command_argument(1, path)
  open(newunit=unit, file=trim(path), status='old', action='read')
  do
    read(unit, '(A)', iostat=status) line
    if (status /= 0) exit
    call parse(line, name, qty)
    total = total + qty
    index = index + 1
  end do
  close(unit)
  print '(I0)', total
contains
  subroutine parse(line, name, qty)
    character(len=*), intent(in) :: line
    character(len=*), intent(out) :: name
    integer, intent(out) :: qty
    integer :: comma

    comma = scan(line, ',')
    name = line(:comma - 1)
    read(line(comma + 1:), *) qty
  end subroutine parse
end program records
