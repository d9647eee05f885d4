import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { Badge, Banner, Button, EmptyState, PageHeading, Spinner } from '../src';
import { Checkbox, FormField, Select, TextArea, TextField } from '../src/forms';
import { TabPanel, Tabs } from '../src/widgets';
import { renderWithProviders } from '../src/testing';

describe('Button', () => {
  it('loading shows a spinner, disables and marks busy; clicks do nothing', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithProviders(
      <Button loading onClick={onClick}>
        Delete
      </Button>,
    );
    const btn = screen.getByRole('button', { name: /Delete/ });
    expect(btn).toBeDisabled();
    expect(btn).toHaveAttribute('aria-busy', 'true');
    expect(btn).toHaveAttribute('type', 'button');
    expect(screen.getByRole('status')).toBeInTheDocument();
    await user.click(btn);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders as a router Link with `as`', async () => {
    const user = userEvent.setup();
    function Loc() {
      return <p data-testid="loc">{useLocation().pathname}</p>;
    }
    renderWithProviders(
      <>
        <Button as={Link} to="/trainers" variant="outline">
          Find a Trainer Near You
        </Button>
        <Routes>
          <Route path="*" element={<Loc />} />
        </Routes>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Find a Trainer Near You' });
    expect(link).toHaveAttribute('href', '/trainers');
    expect(link).not.toHaveAttribute('type');
    await user.click(link);
    expect(screen.getByTestId('loc')).toHaveTextContent('/trainers');
  });
});

describe('form fields', () => {
  it('TextField links label, hint and error; marks invalid', () => {
    renderWithProviders(<TextField label="Email" hint="We never share it" error="Please enter a valid email address" defaultValue="x" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Please enter a valid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('without an error there is no aria-invalid and no alert', () => {
    renderWithProviders(<TextField label="Username" required />);
    const input = screen.getByRole('textbox', { name: /Username/ });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toBeRequired();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('TextArea, Select and Checkbox are labelled and show errors', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(
      <>
        <TextArea label="Comment" error="Comment must be at least 10 characters" />
        <Select
          label="Gender"
          placeholder="Select…"
          options={[
            { value: 'male', label: 'Male' },
            { value: 'female', label: 'Female' },
          ]}
          error="Please select your gender"
          onChange={(e) => onChange(e.target.value)}
        />
        <Checkbox label="I accept the terms" error="You must accept the terms and conditions" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('Comment must be at least 10 characters');
    const select = screen.getByRole('combobox', { name: 'Gender' });
    expect(select).toHaveAccessibleDescription('Please select your gender');
    await user.selectOptions(select, 'female');
    expect(onChange).toHaveBeenCalledWith('female');
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByText('I accept the terms'));
    expect(box).toBeChecked();
  });

  it('FormField wires a custom control (element or render function)', () => {
    renderWithProviders(
      <>
        <FormField label="Age" error="Minimum age is 13">
          <input type="number" />
        </FormField>
        <FormField label="Note" hint="Optional" id="note">
          {(p) => <input {...p} />}
        </FormField>
      </>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAccessibleDescription('Minimum age is 13');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAttribute('aria-invalid', 'true');
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAttribute('id', 'note');
    expect(note).toHaveAccessibleDescription('Optional');
  });
});

describe('Tabs', () => {
  function Harness() {
    const [tab, setTab] = useState('feed');
    const tabs = [
      { id: 'feed', label: 'Community Feed' },
      { id: 'reviews', label: 'Community Reviews' },
      { id: 'more', label: 'More' },
    ];
    return (
      <>
        <Tabs tabs={tabs} value={tab} onChange={setTab} aria-label="Community sections" idPrefix="c" />
        {tabs.map((t) => (
          <TabPanel key={t.id} id={t.id} value={tab} idPrefix="c">
            panel {t.id}
          </TabPanel>
        ))}
      </>
    );
  }

  it('has tab roles, one tab stop, arrow keys move and select, panels are labelled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Community sections' })).toBeInTheDocument();
    const feed = screen.getByRole('tab', { name: 'Community Feed' });
    expect(feed).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Community Feed' })).toHaveTextContent('panel feed');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([feed]);

    await user.click(feed);
    await user.keyboard('{ArrowRight}');
    const reviews = screen.getByRole('tab', { name: 'Community Reviews' });
    expect(reviews).toHaveAttribute('aria-selected', 'true');
    expect(reviews).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel reviews');
    await user.keyboard('{ArrowLeft}{ArrowLeft}'); // wraps to the last
    expect(screen.getByRole('tab', { name: 'More' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(feed).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'More' })).toHaveFocus();
  });

  it('aria-controls only ever names a panel that is in the page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const check = () => {
      for (const tab of screen.getAllByRole('tab')) {
        const controls = tab.getAttribute('aria-controls');
        if (tab.getAttribute('aria-selected') === 'true') expect(controls && document.getElementById(controls)).toHaveAttribute('role', 'tabpanel');
        else expect(controls === null || document.getElementById(controls) !== null).toBe(true);
      }
    };
    check();
    await user.click(screen.getByRole('tab', { name: 'Community Reviews' }));
    check();
  });
});

describe('display components', () => {
  it('Spinner announces its label', () => {
    renderWithProviders(<Spinner label="Loading workout" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading workout');
  });

  it('Banner, Badge, EmptyState and PageHeading render their content', () => {
    renderWithProviders(
      <>
        <PageHeading subtitle="Find people near you" actions={<Button>Act</Button>}>
          Trainers
        </PageHeading>
        <Banner tone="warning" title="Daily Limit Reached">
          You already created a workout today.
        </Banner>
        <Banner tone="danger">Broken</Banner>
        <Badge tone="success">Active Now</Badge>
        <EmptyState title="No trainers found" description="Try another city" action={<Button>Clear</Button>} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Trainers' })).toBeInTheDocument();
    const warn = screen.getAllByRole('status').find((el) => el.getAttribute('data-tone') === 'warning')!;
    expect(warn).toHaveTextContent('Daily Limit Reached');
    expect(warn).toHaveTextContent('You already created a workout today.');
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.getByText('Active Now')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No trainers found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });
});
