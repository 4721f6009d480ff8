#!/usr/bin/perl
# A shop's till: prices each order line (sku:qty on the command line), with a bulk discount.
use strict;
use warnings;

my %prices = (tea => 4.5, mug => 12.0, pen => 1.25);
my $BULK = 3;

sub line_total {
    my ($item) = @_;
    my $unit = $prices{ $item->{sku} };
    my $rate = $item->{qty} > $BULK ? 0.1 : 0;
    my $total = sprintf('%.2f', $unit * $item->{qty} * (1 - $rate));
    my @tags = ($item->{sku}, $rate ? 'bulk' : 'single');
    return $total;
}

my @items = map { my ($sku, $qty) = split /:/; { sku => $sku, qty => $qty } } @ARGV;
my $sum = 0;
$sum += line_total($_) for @items;
printf "%d lines: %.2f\n", scalar @items, $sum;
