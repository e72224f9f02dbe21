/**
 * The report's chart of hours per week (chart.js through react-chartjs-2): recorded and planned side by side. Loaded
 * with the report only (a lazy chunk of its own), so no other page carries the library.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatMinuti } from '../../components/minuti';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type SerieSettimane = { labels: string[]; registrati: number[]; pianificati: number[]; nomi: { registrati: string; pianificati: string; ore: string }; descrizione: string };

export function ReportChart({ labels, registrati, pianificati, nomi, descrizione }: SerieSettimane) {
  const hours = (m: number) => Math.round((m / 60) * 100) / 100;
  return (
    <div className="tl-report-chart">
      <Bar
        role="img"
        aria-label={descrizione}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          locale: 'it-IT',
          plugins: {
            legend: { position: 'bottom' },
            tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatMinuti(Math.round(Number(c.raw) * 60))}` } },
          },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: nomi.ore } } },
        }}
        data={{
          labels,
          datasets: [
            // both at least 3:1 against the white background (WCAG 1.4.11), and told apart by hue
            { label: nomi.registrati, data: registrati.map(hours), backgroundColor: '#1677ff' },
            { label: nomi.pianificati, data: pianificati.map(hours), backgroundColor: '#d46b08' },
          ],
        }}
      />
    </div>
  );
}
