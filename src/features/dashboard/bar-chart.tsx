// The recharts bar chart of one figure. Only the dashboard loads this module (lazily, through
// figure-chart.tsx), so the chart library never reaches the other pages' bundles.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber, longDay, shortDay, type DayRow, type FigureDef } from "./figures";

export default function FigureBarChart({ figure, series }: { figure: FigureDef; series: readonly DayRow[] }) {
  const data = series.map((row) => ({ day: row.day, value: row[figure.key] }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The numbers are in the table beside the chart; the chart itself takes no focus. */}
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="#e4e4e7" />
        <XAxis
          dataKey="day"
          tickFormatter={shortDay}
          tick={{ fontSize: 11, fill: "#52525b" }}
          tickLine={false}
          axisLine={false}
          minTickGap={16}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#52525b" }} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          cursor={{ fill: "#f4f4f5" }}
          labelFormatter={(day) => (typeof day === "string" ? longDay(day) : "")}
          formatter={(value) => [formatNumber(Number(value)), figure.label]}
        />
        <Bar dataKey="value" fill={figure.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
