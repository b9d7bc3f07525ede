import type { ViperSession } from "viper-apps";
import { check } from "./check.js";

/** The Flights booking: fill the search, pick the first flight with seats, book it. */
export async function bookAFlight(session: ViperSession): Promise<string> {
  await session.initialize({ now: "2026-11-23T09:00:00Z", timeZone: "Europe/London", locale: "en_GB" });
  const search = await session.start("flights");
  check(session.viewModel(search)?.searchEnabled === false, "an empty search cannot be sent");

  await session.send(search).fromChanged({ code: "LGW" });
  await session.send(search).toChanged({ code: "CDG" });
  await session.send(search).dateChanged({ date: "2026-11-24" });
  await session.send(search).passengersChanged({ count: 2 });
  const form = session.viewModel(search);
  check(form !== undefined && form.searchEnabled, `a filled search can be sent: ${JSON.stringify(form)}`);

  await session.send(search).searchTapped();
  const availability = session.find("flights.availability");
  check(availability !== undefined, "searchTapped pushes the flights");
  const flights = session.viewModel(availability)?.flights ?? [];
  const flight = flights.find((candidate) => candidate.selectable && candidate.seatsLeft >= 2);
  check(flight !== undefined, `a flight has two seats: ${JSON.stringify(session.viewModel(availability))}`);

  await session.send(availability).flightTapped({ flightId: flight.flightId });
  const summary = session.find("flights.summary");
  check(summary !== undefined && session.viewModel(summary)?.bookEnabled === true, "the summary offers to book");

  await session.send(summary).bookTapped();
  const booked = session.viewModel(summary);
  check(booked !== undefined && booked.reference !== null, `the booking has a reference: ${JSON.stringify(booked)}`);
  return `flights: booked ${booked.flightNumber} ${booked.route} for ${booked.passengers}, ${booked.total}, reference ${booked.reference}`;
}
