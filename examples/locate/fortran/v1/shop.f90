module pricing
  implicit none
  integer, parameter :: tiers(4) = [0, 10, 20, 50]
contains
  real function discount(qty)
    integer, intent(in) :: qty
    integer :: i, limit
    discount = 0.0
    i = 1
    do while (i <= size(tiers))
      limit = tiers(i)
      if (qty > limit) then
        discount = discount + 0.05
      end if
      i = i + 1
    end do
  end function discount
end module pricing

program shop
  use pricing
  implicit none
  integer, parameter :: quantities(4) = [5, 12, 20, 60]
  ! Initialised, so in static storage: a walk compares the frame from its first line on, where a
  ! local not yet set would hold what the stack held before (which differs between two runs).
  integer :: i = 0
  real :: rate = 0.0, total = 0.0

  do i = 1, size(quantities)
    rate = discount(quantities(i))
    total = total + quantities(i) * (1 - rate)
  end do
  print '(F0.2)', total
end program shop
