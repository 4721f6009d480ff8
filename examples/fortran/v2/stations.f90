! Daily readings of weather stations: the mean temperature of each, and which ones ran warm.
! Usage: stations LABEL [THRESHOLD]
module readings
  implicit none
  type :: station
    character(len=16) :: name
    real :: celsius(4)
    real :: mean
    logical :: warm
  end type station
contains
  function mean_of(values, n) result(avg)
    integer, intent(in) :: n
    real, intent(in) :: values(n)
    real :: avg, total
    integer :: i
    total = 0.0
    do i = 1, n
      total = total + values(i)
    end do
    avg = total / n
  end function mean_of

  subroutine summarise(s, threshold)
    type(station), intent(inout) :: s
    real, intent(in) :: threshold
    s%mean = mean_of(s%celsius, 4)
    s%warm = s%mean >= threshold - 1.0
  end subroutine summarise
end module readings

program stations
  use readings
  implicit none
  type(station) :: all(3)
  character(len=32) :: label, arg
  real :: threshold
  integer :: k, warm_count
  label = 'none'
  threshold = 12.0
  if (command_argument_count() >= 1) call get_command_argument(1, label)
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) threshold
  end if
  all(1) = station('north', (/ 12.5, 14.0, 9.5, 11.0 /), 0.0, .false.)
  all(2) = station('harbour', (/ 15.0, 16.5, 14.0, 13.5 /), 0.0, .false.)
  all(3) = station('hill', (/ 8.0, 7.5, 9.0, 10.5 /), 0.0, .false.)
  warm_count = 0
  do k = 1, 3
    call summarise(all(k), threshold)
    if (all(k)%warm) warm_count = warm_count + 1
  end do
  print '(a, ": ", i0, " warm")', trim(label), warm_count
end program stations
