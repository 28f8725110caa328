export default function P() {
  return (
    <main>
      <h1>Blank</h1>
    </main>
  );
}
