import { ArcElement, Chart, DoughnutController, type Plugin } from 'chart.js';
import { useEffect, useRef } from 'react';
import { GAUGE_SEGMENTS } from './gauge-segments.ts';

Chart.register(DoughnutController, ArcElement);

function needlePlugin(score: number): Plugin<'doughnut'> {
  return {
    id: 'needle',
    afterDatasetsDraw(chart) {
      const arc = chart.getDatasetMeta(0).data[0] as unknown as { x: number; y: number; outerRadius: number } | undefined;
      if (!arc) return;
      const angle = Math.PI + (Math.min(100, Math.max(0, score)) / 100) * Math.PI;
      const length = arc.outerRadius * 0.92;
      const { ctx } = chart;
      ctx.save();
      ctx.translate(arc.x, arc.y);
      ctx.rotate(angle);
      ctx.beginPath();
      ctx.moveTo(0, -4);
      ctx.lineTo(length, 0);
      ctx.lineTo(0, 4);
      ctx.closePath();
      ctx.fillStyle = '#16213a';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(0, 0, 7, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    },
  };
}

export default function RiskGaugeChart({ score }: { score: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const chart = new Chart(canvas, {
      type: 'doughnut',
      data: {
        labels: GAUGE_SEGMENTS.map((s) => s.label),
        datasets: [
          { data: GAUGE_SEGMENTS.map(() => 20), backgroundColor: GAUGE_SEGMENTS.map((s) => s.color), borderWidth: 2, borderColor: '#fff' },
        ],
      },
      options: {
        rotation: -90,
        circumference: 180,
        cutout: '60%',
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 600 },
        events: [],
        plugins: { legend: { display: false }, tooltip: { enabled: false } },
        layout: { padding: { bottom: 4 } },
      },
      plugins: [needlePlugin(score)],
    });
    return () => chart.destroy();
  }, [score]);

  return <canvas ref={canvasRef} role="img" aria-label={`Risk gauge at ${score} of 100`} />;
}
